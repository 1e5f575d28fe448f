import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/first-screen.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { holdsUntilShown, prerenderFits } from './app/first-screen.ts';
import { preloadSignedInScreen } from './app/router.tsx';
import { FIRST_SCREEN_DEADLINE_MS, markFirstScreenShown } from './lib/first-screen-shown.ts';
import { currentLanguage, initI18n } from './lib/i18n.ts';
import { getToken } from './lib/storage.ts';
import { warmUpIntl } from './lib/warm-up-intl.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Login's prerendered HTML (decision 163) is hydrated where it is the screen the app shows: the same address,
 * language and (no) session, and no navigation state (an e-mail handed over by another page). Otherwise the app
 * renders afresh in its place.
 */
function hydratesPrerender(element: HTMLElement): boolean {
  const prerendered = document.documentElement.getAttribute('data-prerendered');
  const state = (window.history.state as { usr?: unknown } | null)?.usr;
  return (
    prerendered !== null &&
    element.hasChildNodes() &&
    state == null &&
    prerenderFits(prerendered, { pathname: window.location.pathname, signedIn: getToken() !== null }, currentLanguage())
  );
}

// A signed-in screen's layout and page load (and run) while the language's texts arrive (decision 169), and a worker
// loads ICU's locale data meanwhile, off the main thread (decision 252). Login formats nothing on its first screen.
if (getToken() !== null) {
  preloadSignedInScreen(window.location.pathname);
  warmUpIntl();
}

// The dashboard and an evaluation's detail mark their first screen painted themselves; on any other, the overlays and the chat start as before.
if (holdsUntilShown({ pathname: window.location.pathname, signedIn: getToken() !== null }))
  setTimeout(markFirstScreenShown, FIRST_SCREEN_DEADLINE_MS);
else markFirstScreenShown();

// The first screen waits for its own language's texts (one small chunk).
void initI18n().then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (hydratesPrerender(root)) {
    // In a transition React hydrates in slices of a few milliseconds, yielding between them: the page is
    // already painted, and a tap during hydration is not held up behind one long task.
    startTransition(() => void hydrateRoot(root, app));
    return;
  }
  root.replaceChildren();
  document.documentElement.removeAttribute('data-prerender-stale');
  // The first render in a transition too: React renders the layout and the page in slices of a few milliseconds
  // instead of one long task, so the main thread stays free for the early answers and a first tap (decision 167).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
});
