import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { releaseHeldModals } from '../lib/held-modals.ts';
import { TOAST_AUTO_CLOSE_MS } from '../lib/constants.ts';
import '../styles/overlays.css';

/**
 * Where confirm modals and toasts render. The app opens both through Mantine's global `modals` and
 * `notifications` APIs only (never `useModals`), so this needs no children and loads on demand: the modals opened
 * meanwhile are replayed once ModalsProvider listens (its listeners are added in a layout effect, before this
 * effect runs; lib/held-modals.ts), the toasts wait in Mantine's store.
 */
export function Overlays() {
  useEffect(releaseHeldModals, []);
  return (
    <>
      <ModalsProvider />
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" zIndex={1000} />
    </>
  );
}
