import { useEffect, useMemo, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { notificationsStore, type NotificationsState } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import { lazyWithTimeout } from '../components/lazy-with-timeout.tsx';
import { configureApi } from '../lib/api.ts';
import { isApiError, isSessionEndingStatus } from '../lib/api-error.ts';
import { currentLanguage, i18n } from '../lib/i18n.ts';
import { markOverlaysWanted, useFirstScreenShown, useOverlaysWanted } from '../lib/first-screen-shown.ts';
import { holdModals } from '../lib/held-modals.ts';
import { dateLocale } from '../lib/language.ts';
import { notifyApiError, notifyError } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { AppRouter, type RouterComponent } from './router.tsx';
import { readableColorsResolver } from './readable-colors.ts';
import { localizedTheme } from './theme.ts';

// Modals, toasts and what they need (floating-ui, scroll lock, transitions) load after the first screen
// (issue 11; on the dashboard once it is painted, decision 171), and only for a toast or a modal (decision 215).
// Toasts raised before wait in Mantine's store, modals in lib/held-modals.ts.
const Overlays = lazyWithTimeout(() => import('./overlays.tsx').then((m) => m.Overlays), { fallback: false });

/** A toast raised before the overlays are in mounts them; it waits in Mantine's store meanwhile. */
function wantedOnToast(state: NotificationsState): void {
  if (state.notifications.length > 0 || state.queue.length > 0) markOverlaysWanted();
}

/**
 * The overlays once the first screen is painted and the visitor needs them: a toast raised or a modal opened
 * (decision 215); a component of its own, so that only it re-renders then.
 */
function OverlaysAfterFirstScreen() {
  const shown = useFirstScreenShown();
  const wanted = useOverlaysWanted();
  useEffect(holdModals, []);
  useEffect(() => {
    wantedOnToast(notificationsStore.getState());
    return notificationsStore.subscribe(wantedOnToast);
  }, []);
  return shown && wanted ? <Overlays /> : null;
}

function onQueryError(error: unknown): void {
  // A session-ending answer already sent the user to Login with its own message.
  if (isApiError(error) && error.kind === 'http' && isSessionEndingStatus(error.status)) return;
  notifyApiError(error);
}

function setUpClient(): QueryClient {
  const queryClient = createQueryClient(onQueryError);
  let ending = false;
  configureApi({
    getLanguage: currentLanguage,
    // Spec §8: 400/401/403 on an authenticated call removes the token; the guard then shows Login.
    onSessionEnded: () => {
      if (ending) return;
      ending = true;
      sessionStore.signOut();
      queryClient.clear();
      notifyError(i18n.t('errors.sessionEnded'), i18n.t('errors.sessionEndedTitle'));
      setTimeout(() => (ending = false), 1000);
    },
  });
  return queryClient;
}

function LocalizedDates({ children }: { children: React.ReactNode }) {
  const { i18n: instance } = useTranslation();
  return (
    <DatesProvider
      settings={{
        locale: dateLocale(instance.language === 'pt' || instance.language === 'en' ? instance.language : 'es'),
      }}
    >
      {children}
    </DatesProvider>
  );
}

/** Mantine with the theme of the language shown (close buttons named in it). */
function LocalizedMantine({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const localized = useMemo(() => localizedTheme(close), [close]);
  return (
    <MantineProvider theme={localized} defaultColorScheme="light" cssVariablesResolver={readableColorsResolver}>
      <LocalizedDates>{children}</LocalizedDates>
    </MantineProvider>
  );
}

/** The whole app; `router` replaces the browser's history when Login is prerendered at build time (decision 163). */
export function App({ router }: { router?: RouterComponent }) {
  const [queryClient] = useState(setUpClient);
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <QueryClientProvider client={queryClient}>
          <OverlaysAfterFirstScreen />
          <AppRouter router={router} />
        </QueryClientProvider>
      </LocalizedMantine>
    </I18nextProvider>
  );
}
