// Prerenders Login in es, en and pt after `vite build` (decision 163): Vite's SSR build of
// src/prerender/login-page.tsx renders the app's own components at /pages/login; each language's markup goes
// into a copy of dist/index.html as dist/prerendered/login-<lang>.html, with the entry's CSS inline and the
// entry's scripts left to index.html's inline script (app/first-screen.ts), which starts them after the first
// paint. The server picks the copy by the `lang` cookie, then Accept-Language (apps/server/src/plugins/spa.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const ssrOut = path.join(web, 'node_modules/.prerender');
const LANGUAGES = ['es', 'en', 'pt'];
/** `<html lang>` as lib/i18n.ts sets it: our Portuguese is Brazilian. */
const HTML_LANG = { es: 'es', en: 'en', pt: 'pt-BR' };

/**
 * lib/i18n.ts imports each language's texts in two parts (vite/locale-texts.ts, decision 215); the prerender gives
 * i18n the whole files instead (src/prerender/login-page.tsx), so those imports only need to compile.
 */
const localeParts = {
  name: 'medida-locale-parts',
  enforce: 'pre',
  load: (id) => (/\.json\?texts=(first|rest)$/.test(id) ? 'export default {};' : null),
};

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  plugins: [react(), localeParts],
  build: {
    ssr: 'src/prerender/login-page.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'login-page.js' } },
  },
});
const { renderLoginPage } = await import(pathToFileURL(path.join(ssrOut, 'login-page.js')).href);

/** `text.replace(pattern, …)` that must match exactly once: a changed index.html fails the build, not the page. */
function replaceOnce(text, pattern, replacement, what) {
  const count = [...text.matchAll(new RegExp(pattern, 'g'))].length;
  if (count !== 1) throw new Error(`prerender: expected one ${what} in dist/index.html, found ${count}`);
  return text.replace(pattern, replacement);
}

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(template)?.[1];
if (!stylesheet) throw new Error('prerender: no entry stylesheet in dist/index.html');
// Inline, the entry's CSS needs no request before the first paint (it has no url() to resolve).
const css = await readFile(path.join(dist, stylesheet), 'utf8');
if (/url\(/.test(css)) throw new Error(`prerender: ${stylesheet} has url(), which would break inline`);

await mkdir(path.join(dist, 'prerendered'), { recursive: true });
for (const lang of LANGUAGES) {
  const markup = await renderLoginPage(lang);
  // The CSP allows index.html's own inline script by hash, nothing else (decision 107).
  if (/<script/i.test(markup)) throw new Error(`prerender: the ${lang} markup has a <script>`);
  let html = template;
  html = replaceOnce(
    html,
    /<html lang="es">/,
    `<html lang="${HTML_LANG[lang]}" data-mantine-color-scheme="light" data-prerendered="${lang}">`,
    '<html lang="es">',
  );
  html = replaceOnce(
    html,
    /<link rel="stylesheet" crossorigin href="[^"]+">/,
    () => `<style>${css}</style>`,
    'stylesheet',
  );
  html = replaceOnce(html, /\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '', 'entry script');
  html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  html = replaceOnce(html, /<div id="root"><\/div>/, () => `<div id="root">${markup}</div>`, '#root');
  const file = path.join(dist, 'prerendered', `login-${lang}.html`);
  await writeFile(file, html);
  await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${path.relative(web, file)}: ${(html.length / 1000).toFixed(1)} kB`);
}
await rm(ssrOut, { recursive: true, force: true });
