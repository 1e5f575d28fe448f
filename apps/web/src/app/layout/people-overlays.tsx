import { lazy, Suspense, useState } from 'react';
import { ChunkErrorBoundary } from '../../components/chunk-error.tsx';
// The store alone, not the people barrel (lists, forms, schemas): the layout loads with every screen.
import { usePeopleModals } from '../../features/people/people-modal-store.ts';
import { loadAllStyles } from '../../lib/all-styles.ts';
import { CHUNK_TIMEOUT_MS } from '../../lib/constants.ts';
import { loadChunk } from '../../lib/with-timeout.ts';

// The people modals (forms, date picker, dropzone) load on first use, not with every screen, with every Mantine
// style (decision 171).
const Overlays = lazy(() =>
  loadChunk(async () => {
    const [ClientModals, NetworkUserModals, CreditsModal] = await Promise.all([
      import('../../features/clients/client-modals.tsx').then((m) => m.ClientModals),
      import('../../features/network/network-user-modals.tsx').then((m) => m.NetworkUserModals),
      import('../../features/credits/credits-modal.tsx').then((m) => m.CreditsModal),
      loadAllStyles(),
    ]);
    return function PeopleOverlayModals() {
      return (
        <>
          <ClientModals />
          <NetworkUserModals />
          <CreditsModal />
        </>
      );
    };
  }, CHUNK_TIMEOUT_MS).then((component) => ({ default: component })),
);

/** Spec §2 global overlays: new/edit user, new/edit network user and credits, opened from any screen. */
export function PeopleOverlays() {
  const { modal } = usePeopleModals();
  const [mounted, setMounted] = useState(false);
  if (modal && !mounted) setMounted(true);
  return mounted ? (
    // A failed download (offline, new deployment) offers a reload, like the route chunks.
    <ChunkErrorBoundary onRetry={() => window.location.reload()}>
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </ChunkErrorBoundary>
  ) : null;
}
