import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../lib/api.ts';
import { isApiError, isSessionEndingStatus } from '../lib/api-error.ts';
import { TOAST_AUTO_CLOSE_MS } from '../lib/constants.ts';
import { currentLanguage, i18n } from '../lib/i18n.ts';
import { dateLocale } from '../lib/language.ts';
import { notifyApiError, notifyError } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { router } from './router.tsx';
import { readableColorsResolver } from './readable-colors.ts';
import { theme } from './theme.ts';

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

export function App() {
  const [queryClient] = useState(setUpClient);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={readableColorsResolver}>
        <LocalizedDates>
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>
              <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" zIndex={1000} />
              <RouterProvider router={router} />
            </ModalsProvider>
          </QueryClientProvider>
        </LocalizedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}
