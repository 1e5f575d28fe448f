// Prints the login page's first-load weight (issue 11 target: ≤ 150 kB of compressed JavaScript).
// Follows what the browser fetches for /pages/login on a cold cache: index.html's script, modulepreloads and
// stylesheets, the login route's chunk and the Spanish locale, each with its static imports (dynamic imports are
// loaded later and not counted). Sizes: raw, gzip 9 and brotli 11 (what the server sends, precompressed at build).
// Run after `npm run build -w @medida/web`: `npm run size -w @medida/web`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const LIMIT_BROTLI_JS = 150_000;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w @medida/web` first.');
  process.exit(1);
}

/** The hashed chunk whose name starts with `prefix-` (e.g. `login-page-AbC123.js`). */
function chunkNamed(prefix) {
  const match = readdirSync(path.join(dist, 'assets')).filter((f) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(f));
  if (match.length !== 1) throw new Error(`expected one ${prefix}-*.js chunk, found ${match.length}`);
  return `assets/${match[0]}`;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const roots = [...fromHtml, chunkNamed('login-page'), chunkNamed('es')];

// Static imports in Vite's minified output: `import"./x.js"` and `…from"./x.js"`; `import("./x.js")` is dynamic.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;
const files = new Set();
const visit = (file) => {
  if (files.has(file)) return;
  files.add(file);
  if (!file.endsWith('.js')) return;
  const source = readFileSync(path.join(dist, file), 'utf8');
  for (const m of source.matchAll(STATIC_IMPORT)) visit(`assets/${m[1]}`);
};
roots.forEach(visit);

const brotli = (body) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length;
const measure = (file) => {
  const body = readFileSync(path.join(dist, file));
  return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotli(body) };
};
const rows = [...files].map(measure).sort((a, b) => b.brotli - a.brotli);
const total = (list) =>
  list.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

for (const r of rows)
  console.log(`${r.file.padEnd(52)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} ${kb(r.brotli).padStart(10)}`);
const js = total(rows.filter((r) => r.file.endsWith('.js')));
const css = total(rows.filter((r) => r.file.endsWith('.css')));
const count = (ext) => rows.filter((r) => r.file.endsWith(ext)).length;
console.log(`\nlogin page JS : ${count('.js')} files, raw ${kb(js.raw)}, gzip ${kb(js.gzip)}, brotli ${kb(js.brotli)}`);
console.log(
  `login page CSS: ${count('.css')} files, raw ${kb(css.raw)}, gzip ${kb(css.gzip)}, brotli ${kb(css.brotli)}`,
);
const ok = js.brotli <= LIMIT_BROTLI_JS;
console.log(`target ≤ ${kb(LIMIT_BROTLI_JS)} brotli JS: ${ok ? 'met' : 'NOT met'}`);
process.exitCode = ok ? 0 : 1;
