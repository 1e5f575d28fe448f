import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/constants.ts';
import '../styles/overlays.css';

/**
 * Where confirm modals and toasts render. The app opens both through Mantine's global `modals` and
 * `notifications` APIs only (never `useModals`), so this needs no children and loads after the first screen.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" zIndex={1000} />
    </>
  );
}
