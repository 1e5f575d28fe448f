/**
 * Login as HTML, rendered at build time with the app's own components (decision 163): the server sends it for
 * /pages/login in the visitor's language, the browser paints it on arrival, and main.tsx hydrates it. Built by
 * scripts/prerender.mjs (Vite's SSR build of this module), never part of the browser's bundle.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '@medida/contracts/constants';
import { App } from '../app/app.tsx';
import { paths } from '../config/paths.ts';
import { i18n, initI18nWithTexts } from '../lib/i18n.ts';

function LoginAddress({ children }: { children: ReactNode }) {
  return <StaticRouter location={paths.login}>{children}</StaticRouter>;
}

let ready: Promise<void> | null = null;

/** The markup inside `#root` for Login in `language`, with every lazy part (the route's chunk) resolved. */
export async function renderLoginPage(language: Language): Promise<string> {
  ready ??= Promise.all([
    import('../locales/es.json'),
    import('../locales/en.json'),
    import('../locales/pt.json'),
  ]).then(([es, en, pt]) => initI18nWithTexts(language, { es: es.default, en: en.default, pt: pt.default }));
  await ready;
  await i18n.changeLanguage(language);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={LoginAddress} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
