import { useState } from 'react';
import { useLocation } from 'react-router';
import { isLanguageForced } from '../lib/language.ts';
import { LanguageButton } from './language-button.tsx';
import { lazyWithTimeout } from './lazy-with-timeout.tsx';

// The menu and the floating-ui positioning under it (≈ 28 kB brotli) are not part of the first load of
// Login (issue 11): they load when the visitor points at, focuses or clicks the button.
const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazyWithTimeout(() => loadMenu().then((m) => m.LanguageMenu), {
  fallback: <LanguageButton />,
});
const preload = () => void loadMenu().catch(() => undefined); // a failure shows on the click, with its retry

/** es / en / pt; the choice is kept in localStorage 'lang'. Hidden where the page forces a language. */
export function LanguageSwitcher() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  if (isLanguageForced(pathname)) return null;
  if (wanted) return <LanguageMenu />;
  // data-handoff: a click on prerendered Login before the app runs is replayed once it does (decision 163).
  return <LanguageButton onClick={() => setWanted(true)} onPointerEnter={preload} onFocus={preload} data-handoff />;
}
