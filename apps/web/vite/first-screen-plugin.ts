import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import {
  FIRST_SCREEN_MODULES,
  firstScreenPlan,
  startEarlyRequests,
  type FirstScreen,
  type FirstScreenAssets,
} from '../src/app/first-screen.ts';
import { EARLY_REQUESTS_KEY } from '../src/lib/early-requests.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const LOCALES = ['es', 'en', 'pt'] as const;

function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (item): item is OutputChunk => item.type === 'chunk' && item.facadeModuleId === moduleId,
  );
  if (!chunk) throw new Error(`medida-first-screen: no chunk for ${moduleId}`);
  return chunk;
}

/** A chunk, its static imports (transitively) and the CSS they import, as `/assets/…` URLs. */
function filesOf(bundle: OutputBundle, start: OutputChunk): string[] {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(file)) css.push(file);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  // CSS first: it is on the critical path of the screen's first paint.
  return [...css, ...js].map((file) => `/${file}`);
}

/**
 * Writes an inline script into index.html that preloads the first screen's chunks, CSS and language for
 * the address and session at hand (app/first-screen.ts, decision 107): without it the browser discovers
 * them only when the entry runs, one round trip later.
 */
export function firstScreen(root: string): Plugin {
  return {
    name: 'medida-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return html;
        const bundle = ctx.bundle;
        const inHtml = new Set(filesOf(bundle, ctx.chunk));
        const beyondHtml = (files: string[]) => files.filter((file) => !inHtml.has(file));
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREEN_MODULES).map(([screen, file]) => [
            screen,
            beyondHtml(filesOf(bundle, chunkOf(bundle, path.join(root, file)))),
          ]),
        ) as Record<FirstScreen, string[]>;
        const locales = Object.fromEntries(
          LOCALES.map((lang) => [
            lang,
            beyondHtml(filesOf(bundle, chunkOf(bundle, path.join(root, `src/locales/${lang}.json`)))),
          ]),
        );
        const assets: FirstScreenAssets = { screens, locales };
        // Errors (storage disabled, an old browser) only cost the head start. EARLY_REQUESTS_KEY: lib/api.ts.
        const script =
          `(function(){try{var s=null,l=null;try{s=localStorage.getItem('token');l=localStorage.getItem('lang')}catch(e){}` +
          `var p=(${firstScreenPlan.toString()})(${JSON.stringify(assets)},{pathname:location.pathname,signedIn:!!s,` +
          `storedLanguage:l,navigatorLanguages:navigator.languages||[]});` +
          `p.files.forEach(function(h){var k=document.createElement('link');` +
          `if(/\\.css$/.test(h)){k.rel='preload';k.as='style'}else k.rel='modulepreload';` +
          `k.crossOrigin='';k.href=h;document.head.appendChild(k)});` +
          `if(s&&window.fetch)window.${EARLY_REQUESTS_KEY}=(${startEarlyRequests.toString()})` +
          `({pathname:location.pathname,token:s,language:p.language},function(u,i){return fetch(u,i)})` +
          `}catch(e){}})()`;
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
