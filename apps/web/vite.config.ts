import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreen } from './vite/first-screen-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

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

// The API lives under /web on the Fastify server; in dev we proxy it (HTTP and the chat WebSocket)
// so the browser sees one origin, exactly as in production where the server serves dist/.
export default defineConfig({
  plugins: [react(), firstScreen(root), precompress()],
  root,
  server: {
    port: 5173,
    proxy: {
      '/web': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // One chunk for everything the entry imports statically, instead of ~40 small shared chunks: on HTTP/1.1
        // (6 connections) each file costs a round trip before the first screen (issue 11, decision 107).
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
});
