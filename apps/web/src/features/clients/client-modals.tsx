import { EditClientModal } from './edit-client-modal.tsx';
import { NewClientModal } from './new-client-modal.tsx';

/** The new- and edit-user modals (spec §2 global overlays), rendered once by the main layout. */
export function ClientModals() {
  return (
    <>
      <NewClientModal />
      <EditClientModal />
    </>
  );
}
