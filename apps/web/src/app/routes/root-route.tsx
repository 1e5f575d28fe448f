import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSessionUser, useToken } from '../../lib/session.ts';
import { ServerErrorPage } from '../../features/errors/server-error-page.tsx';
import { resolveLanguage } from '../../lib/language.ts';
import { getStoredLanguage } from '../../lib/storage.ts';
import { HOME_PATH, LOGIN_PATH, decideAccess } from '../guard.ts';
import { paths } from '../../config/paths.ts';

/** Spec §2: every route change scrolls to the top. */
function useScrollToTop(pathname: string) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
}

/** Re-applies the language rules on navigation (register-pacific forces Spanish, without persisting it). */
function useLanguageForPath(pathname: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const lang = resolveLanguage({ pathname, stored: getStoredLanguage(), navigatorLanguages: navigator.languages });
    if (lang !== i18n.language) void i18n.changeLanguage(lang);
  }, [pathname, i18n]);
}

/** Where Login sends the user once signed in: the page they asked for, if it is one of ours. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith(paths.pages))
    return null;
  return from;
}

/** The root of every route: scroll, language and the access guard. */
export function RootRoute() {
  const location = useLocation();
  const token = useToken();
  const user = useSessionUser();
  useScrollToTop(location.pathname);
  useLanguageForPath(location.pathname);

  // The session user's answer arrives as a synchronous update (TanStack Query): rendering the layout and the page
  // from it in one task blocked the main thread; deferred, React renders them in slices (decision 169).
  const userType = useDeferredValue(user.data?.type ?? null);
  // Not deferred: an operator must leave a professional's screen before it asks for anything (decision 229).
  const operator = user.data?.operator ?? null;
  const decision = decideAccess({ pathname: location.pathname, hasToken: token !== null, userType, operator });
  if (decision.kind === 'redirect') {
    // Login returns the visitor to the page they asked for.
    const state = decision.to === LOGIN_PATH ? { from: `${location.pathname}${location.search}` } : undefined;
    const to = decision.to === HOME_PATH ? (returnPath(location.state) ?? HOME_PATH) : decision.to;
    return <Navigate to={to} replace state={state} />;
  }
  if (decision.kind === 'wait')
    return user.isError ? <ServerErrorPage onRetry={() => void user.refetch()} /> : <PageLoader />;
  return <Outlet />;
}
