import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './error-handler.ts';

/**
 * The CSP sources (`sha256-…`) of index.html's inline scripts: the build writes one that preloads the first
 * screen (apps/web/vite/first-screen-plugin.ts). Read once at start-up, like the build itself; a build
 * replaced under a running server only loses its preloads until the restart (the browser blocks the script).
 */
export function inlineScriptHashes(distDir: string): string[] {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}`,
  );
}

/**
 * Serves the built web app and its history-mode fallback: a GET outside /web that accepts HTML
 * gets index.html. Without a build, only the API is served (a warning says so).
 */
async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const file = filePath.replace(/\.(br|gz)$/, '');
        // Hashed assets never change under their name: cached for a year; index.html is revalidated.
        if (file.endsWith('index.html')) res.header('cache-control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn(
      { distDir: options.distDir },
      'web app build not found: serving the API only (run `npm run build -w @medida/web`)',
    );
  }

  const indexFile = path.join(options.distDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/web' || request.url.startsWith('/web/');
    // A missing build file (an old chunk after a deployment) is a 404, never the app's HTML: the chunk loader
    // then retries and reloads instead of failing on HTML served as a script.
    const isAsset = request.url.startsWith('/assets/');
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    // index.html is checked per request: a build being replaced under a running server answers 404, not 500.
    if (hasBuild && !isApi && !isAsset && wantsHtml && existsSync(indexFile)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}

export const spa = fp(spaPlugin, { name: 'spa' });
