import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGES } from '@medida/contracts/constants';
import { sendNotFound } from './error-handler.ts';
import {
  isLoginAddress,
  prerenderedLoginFile,
  prerenderedLoginAtStart,
  prerenderedLoginLanguage,
} from './prerendered-login.ts';

/**
 * The CSP sources (`sha256-…`) of index.html's inline scripts: the build writes one that preloads the first
 * screen (apps/web/vite/first-screen-plugin.ts). Read once at start-up, like the build itself; a build
 * replaced under a running server only loses its preloads until the restart (the browser blocks the script).
 */
export function inlineScriptHashes(distDir: string): string[] {
  // Login's prerendered copies of index.html (decision 163) carry the same script; each hash is listed once.
  const pages = ['index.html', ...LANGUAGES.map(prerenderedLoginFile)].map((file) => path.join(distDir, file));
  const hashes = new Set<string>();
  for (const file of pages.filter((page) => existsSync(page)))
    for (const match of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.add(
        `sha256-${createHash('sha256')
          .update(match[1] ?? '', 'utf8')
          .digest('base64')}`,
      );
  return [...hashes];
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
        // Hashed assets never change under their name: cached for a year; the HTML pages (index.html, Login's
        // prerendered copies) are revalidated.
        if (file.endsWith('.html')) res.header('cache-control', 'no-cache');
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
  const prerendered = hasBuild ? prerenderedLoginAtStart(options.distDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/web' || request.url.startsWith('/web/');
    // A missing build file (an old chunk after a deployment) is a 404, never the app's HTML: the chunk loader
    // then retries and reloads instead of failing on HTML served as a script.
    const isAsset = request.url.startsWith('/assets/');
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    // index.html is checked per request: a build being replaced under a running server answers 404, not 500.
    if (hasBuild && !isApi && !isAsset && wantsHtml && existsSync(indexFile)) {
      // Login prerendered in the visitor's language, painted before the app runs (decision 163).
      const lang =
        prerendered && isLoginAddress(request.url)
          ? prerenderedLoginLanguage(request.headers.cookie, request.headers['accept-language'])
          : null;
      if (lang && prerendered?.current(lang))
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .sendFile(prerenderedLoginFile(lang));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}

export const spa = fp(spaPlugin, { name: 'spa' });
