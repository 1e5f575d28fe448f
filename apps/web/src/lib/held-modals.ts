import { markOverlaysWanted } from './first-screen-shown.ts';

/**
 * Modals opened before their host is on the page (decision 215). The app opens them through @mantine/modals' global
 * `modals` API, which only dispatches a window event (`mantine-modals:<name>`) that ModalsProvider listens to; the
 * host (app/overlays.tsx) loads on demand, so until it is mounted these events are held here in order, an opening
 * one asks for the host (`markOverlaysWanted`), and the host replays them once its listeners are in.
 */
const PREFIX = 'mantine-modals:';
const EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
] as const;

let held: { type: string; detail: unknown }[] = [];
let released = false;

function hold(event: Event): void {
  if (released) return;
  held.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail });
  if (event.type.startsWith(`${PREFIX}open`)) markOverlaysWanted();
}

/** Holds the modal events until `releaseHeldModals`; returns the undo (an effect's clean-up). */
export function holdModals(): () => void {
  if (released) return () => undefined;
  for (const name of EVENTS) window.addEventListener(PREFIX + name, hold);
  return () => {
    for (const name of EVENTS) window.removeEventListener(PREFIX + name, hold);
  };
}

/** Called by the host once ModalsProvider listens: stops holding and dispatches what was held, in order. */
export function releaseHeldModals(): void {
  released = true;
  const events = held;
  held = [];
  for (const { type, detail } of events) window.dispatchEvent(new CustomEvent(type, { detail }));
}
