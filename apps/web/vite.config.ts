import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type InlineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { signedInChunkGroups } from './vite/first-screen-chunks.ts';
import { firstScreen } from './vite/first-screen-plugin.ts';
import { localeTexts } from './vite/locale-texts.ts';
import { scrollAreaWithoutFloatingUi } from './vite/scroll-area-refs.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const scrollAreaRefs = () => scrollAreaWithoutFloatingUi(path.join(root, 'src/lib/scroll-area-merge-refs.ts'));

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at the highest levels (paid once at build
 * time): the server sends them as they are (@fastify/static preCompressed), no compression per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'medida-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          await writeFile(
            `${full}.br`,
            await brotli(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
          );
          await writeFile(`${full}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

/** The entry's static graph in one chunk (decision 107): on HTTP/1.1 each file costs a round trip. */
const FIRST_SCREEN_GROUP: Rolldown.CodeSplittingGroup = { name: 'first-screen', tags: ['$initial'], priority: 3 };

/** The entry's stylesheet (index.html's): `assets/index-<hash>.css`. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

function buildOptions(groups: Rolldown.CodeSplittingGroup[]): NonNullable<InlineConfig['build']> {
  return {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // The entry's CSS is always on the page already (index.html's <link>, or inline in prerendered Login, decision
    // 163): a lazy chunk that lists it would have Vite's preload helper fetch it again where it is inline (9 kB
    // brotli on Login, decision 215).
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CSS.test(dep)) },
    rolldownOptions: { output: { codeSplitting: { groups: [FIRST_SCREEN_GROUP, ...groups] } } },
  };
}

// The API lives under /web on the Fastify server; in dev we proxy it (HTTP and the chat WebSocket)
// so the browser sees one origin, exactly as in production where the server serves dist/.
export default defineConfig(async ({ command }) => ({
  plugins: [react(), scrollAreaRefs(), localeTexts(), firstScreen(root), precompress()],
  root,
  server: {
    port: 5173,
    proxy: {
      '/web': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  // Then the signed-in layout and each signed-in first screen's page in one chunk each (decision 164),
  // planned from a first pass with the entry's group only.
  build: buildOptions(
    command === 'build'
      ? await signedInChunkGroups(
          root,
          {
            layout: 'src/app/layout/main-layout.tsx',
            pages: {
              dashboard: 'src/features/dashboard/dashboard-page.tsx',
              'evaluation-detail': 'src/features/evaluations/evaluation-detail-page.tsx',
              clients: 'src/features/clients/clients-page.tsx',
            },
            lightest: 'dashboard',
            second: 'evaluation-detail',
            lazyParts: {
              'evaluation-detail': [
                'src/features/evaluations/detail/isak-card.tsx',
                'src/features/evaluations/detail/later-cards.tsx',
              ],
            },
            loginPage: ['src/features/auth/login-page.tsx', 'src/app/overlays.tsx', 'src/components/language-menu.tsx'],
            publicPages: [
              'src/features/auth/forgot-password-page.tsx',
              'src/features/auth/reset-password-page.tsx',
              'src/features/auth/confirm-email-page.tsx',
              'src/features/auth/unlock-page.tsx',
              'src/features/auth/verify-email-page.tsx',
              'src/features/legal/politicas-page.tsx',
              'src/app/routes/pages-route.tsx',
            ],
          },
          { root, plugins: [react(), scrollAreaRefs(), localeTexts()], build: buildOptions([]) },
        )
      : [],
  ),
}));
