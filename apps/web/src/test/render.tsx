// The providers every screen has in the app (app/app.tsx), for component tests: Mantine with the app's theme, dates
// in the language, TanStack Query, a memory router, toasts, and the real locale files with the engine's texts
// (decision 150), so a test finds a field by the label a user reads. Test-only: product code never imports it.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import type { ResourceKey } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@medida/contracts/constants';
import { theme } from '../app/theme.ts';
import { withEngineTexts } from '../lib/engine-texts.ts';
import { i18n, initI18nWithTexts } from '../lib/i18n.ts';
import '../lib/dates-locale.ts';
import { dateLocale } from '../lib/language.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';

const RESOURCES = {
  es: withEngineTexts(es as ResourceKey, 'es'),
  en: withEngineTexts(en as ResourceKey, 'en'),
  pt: withEngineTexts(pt as ResourceKey, 'pt'),
} as const;

/** The text a user reads for `key` in `lang` (the app's own i18next instance, so toasts use it too). */
export function tr(lang: Language, key: string, options?: Record<string, unknown>): string {
  return i18n.getFixedT(lang)(key, options ?? {});
}

/** The app's i18next instance, loaded with every language's texts and switched to `lang`. */
async function switchLanguage(lang: Language): Promise<void> {
  if (!i18n.isInitialized) await initI18nWithTexts(lang, RESOURCES);
  await i18n.changeLanguage(lang);
}

export interface RenderOptions {
  lang?: Language;
  /** Query results already known (the cache is never refetched unless a query says so, e.g. staleTime 0). */
  queryData?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
}

export type Rendered = RenderResult & { user: UserEvent; queryClient: QueryClient };

/** Renders `ui` inside the app's providers in `lang` (es by default). */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  const lang = options.lang ?? 'es';
  await switchLanguage(lang);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const Providers = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: dateLocale(lang) }}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter>
              <Notifications />
              {children}
            </MemoryRouter>
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  // No pause between keys, and no computed-style check before each click (jsdom computes styles slowly).
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return Object.assign(render(ui, { wrapper: Providers }), { user, queryClient });
}

/**
 * The input a `<label>` whose text matches `label` is for, or null: what `getByLabelText` finds for a labelled
 * input, in a millisecond instead of a few hundred on a form of sixty fields (it walks every element of the page).
 */
export function queryInputByLabel(label: RegExp): HTMLInputElement | null {
  const found = [...document.querySelectorAll('label')].filter((l) => label.test(l.textContent ?? ''));
  if (found.length > 1) throw new Error(`${found.length} labels match ${label}`);
  const target = found[0]?.htmlFor ? document.getElementById(found[0].htmlFor) : null;
  return target instanceof HTMLInputElement ? target : null;
}

export function getInputByLabel(label: RegExp): HTMLInputElement {
  const input = queryInputByLabel(label);
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}
