import { createOnceFlag } from './once-flag.ts';

/**
 * Whether the first screen is painted, for work the first screen does not show and that would otherwise compete
 * with it for the network (decision 171): the overlays' chunk and the chat's rooms and socket. A screen that holds
 * them back (the dashboard, `holdsUntilShown` in app/first-screen.ts) marks it once its first row is painted;
 * every other first screen marks it at start-up, as before. `FIRST_SCREEN_DEADLINE_MS` bounds the wait.
 */
// Prerendered Login (decision 163) renders what a shown first screen renders, so hydration matches.
const shown = createOnceFlag(true);

export const FIRST_SCREEN_DEADLINE_MS = 4000;

export const markFirstScreenShown = shown.raise;

/**
 * Marks it once the frame with what was just committed is on screen: the frame after it has started (a single
 * frame's callback can run before the paint is presented). At once in a hidden tab, which paints nothing.
 */
export function markFirstScreenShownAfterPaint(): void {
  if (shown.isRaised()) return;
  if (document.hidden) markFirstScreenShown();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(markFirstScreenShown, 0)));
}

export const useFirstScreenShown = shown.useRaised;

/**
 * Whether the visitor needs the overlays at all: they wait, on every screen, until a toast is raised (a session that
 * ended, a failed request, a saved form) or a modal is opened (issue 33 item 8, decision 215). Raised by the overlays'
 * host on a toast and by lib/held-modals.ts on a modal.
 */
const overlaysWanted = createOnceFlag(false);

export const markOverlaysWanted = overlaysWanted.raise;

export const useOverlaysWanted = overlaysWanted.useRaised;
