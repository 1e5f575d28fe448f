import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import {
  FIRST_SCREEN_MODULES,
  firstScreenPlan,
  prerenderFits,
  startEarlyRequests,
  type FirstScreen,
  type FirstScreenAssets,
} from '../src/app/first-screen.ts';
import { EARLY_REQUESTS_KEY } from '../src/lib/early-requests.ts';
import { HANDOFF_KEY } from '../src/lib/prerender-handoff.ts';

type OutputBundle = Rolldown.OutputBundle;

/** Set by index.html's inline script: it starts the entry itself (the starter file then does nothing). */
const STARTED_KEY = '__medidaStarted';
type OutputChunk = Rolldown.OutputChunk;

const LOCALES = ['es', 'en', 'pt'] as const;

/** The chunk a module's dynamic import loads: its own, or the group chunk that holds it (decision 164). */
function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const chunk =
    chunks.find((item) => item.facadeModuleId === moduleId) ?? chunks.find((item) => item.moduleIds.includes(moduleId));
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
  let outDir = '';
  /** The fallback starter (below): its file name under outDir and its source, written once the bundle is. */
  let starter: { file: string; source: string } | null = null;
  return {
    name: 'medida-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      if (starter) await writeFile(path.join(outDir, starter.file), starter.source);
    },
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
        // Each language's texts in two parts (vite/locale-texts.ts): Login's, and the other screens'.
        const texts = (part: 'first' | 'rest') =>
          Object.fromEntries(
            LOCALES.map((lang) => [
              lang,
              beyondHtml(filesOf(bundle, chunkOf(bundle, path.join(root, `src/locales/${lang}.json?texts=${part}`)))),
            ]),
          );
        const assets: FirstScreenAssets = { screens, locales: texts('first'), restLocales: texts('rest') };
        // The entry and its static imports: the script below starts them, not index.html's tag (a prerendered page,
        // decision 163, scripts/prerender.mjs, has neither tag nor modulepreload links), after the first paint where
        // there is one to wait for: prerendered Login, or the signed-in layout's header (#boot-shell, decision 215;
        // the entry run from its tag would often hold that paint back behind its evaluation).
        const entry = [...inHtml].filter((file) => file.endsWith('.js'));
        const entryTag = /<script type="module" crossorigin src="[^"]+"><\/script>/g;
        if ((html.match(entryTag) ?? []).length !== 1) throw new Error('medida-first-screen: not one entry script');
        // In its tag's place a module script of a few bytes that starts the entry only if the inline script did not
        // run (the CSP refuses it when a build replaced index.html under a running server, spa.ts): the app then
        // loads as before, without the head start. scripts/prerender.mjs removes it from Login's copies.
        const source = `if(!window.${STARTED_KEY})import(${JSON.stringify(`/${ctx.chunk.fileName}`)});\n`;
        starter = {
          file: `assets/start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`,
          source,
        };
        // Errors (storage disabled, an old browser) only cost the head start; a prerendered page still starts
        // its entry. EARLY_REQUESTS_KEY: lib/api.ts.
        const script =
          `(function(){window.${STARTED_KEY}=1;var d=document,h=d.documentElement,r=h.getAttribute('data-prerendered'),n=0;` +
          `function k(f){var e=d.createElement('link');if(/\\.css$/.test(f)){e.rel='preload';e.as='style'}` +
          `else e.rel='modulepreload';e.crossOrigin='';e.href=f;d.head.appendChild(e)}` +
          `var E=${JSON.stringify(entry)};function m(){if(n++)return;if(r)E.slice(1).forEach(k);` +
          `var c=d.createElement('script');c.type='module';c.crossOrigin='';c.src=E[0];d.head.appendChild(c)}` +
          `try{var s=null,l=null;try{s=localStorage.getItem('token');l=localStorage.getItem('lang')}catch(e){}` +
          `var p=(${firstScreenPlan.toString()})(${JSON.stringify(assets)},{pathname:location.pathname,signedIn:!!s,` +
          `storedLanguage:l,navigatorLanguages:navigator.languages||[]});` +
          // The signed-in layout's header in index.html (#boot-shell, global.css) shows until the app renders.
          `if(p.layout)h.setAttribute('data-boot-shell','');` +
          `var g=function(){g=null;m();p.files.forEach(k)};` +
          // The prerendered Login paints first, then its scripts start; a prerender that does not fit the visit
          // (a session, another language) is hidden (global.css) and the app renders afresh (main.tsx).
          `if(r&&(${prerenderFits.toString()})(r,{pathname:location.pathname,signedIn:!!s},p.language)){` +
          `var a=function(){if(g)g()},f=function(){if(d.hidden)a();else requestAnimationFrame(function(){setTimeout(a,0)})};` +
          `d.addEventListener('visibilitychange',a);` +
          // A click or submit on Login before the app took over waits for it (lib/prerender-handoff.ts).
          `var q=null,o=0,w=function(e){var t=e.target;t=e.type=='submit'?t:t&&t.closest&&t.closest('button[data-handoff]');` +
          `if(!o&&t&&t.hasAttribute('data-handoff')){e.preventDefault();q=t}};d.addEventListener('click',w,true);d.addEventListener('submit',w,true);` +
          `window.${HANDOFF_KEY}=function(){o=1;var f=q;q=null;return f};` +
          `if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',f);else f()}` +
          // Otherwise the files now and the entry once the body is parsed (main.tsx needs #root), as a deferred
          // script would run; after a frame where the signed-in layout's header paints first.
          `else{if(r)h.setAttribute('data-prerender-stale','');E.forEach(k);p.files.forEach(k);` +
          `var u=function(){if(!p.layout||d.hidden)return m();requestAnimationFrame(function(){setTimeout(m,0)});setTimeout(m,500)};` +
          `if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',u);else u()}` +
          `if(s&&window.fetch)window.${EARLY_REQUESTS_KEY}=(${startEarlyRequests.toString()})` +
          `({pathname:location.pathname,search:location.search,token:s,language:p.language},function(u,i){return fetch(u,i)})` +
          `}catch(e){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',m);else m()}})()`;
        return html
          .replace(entryTag, `<script type="module" crossorigin src="/${starter.file}"></script>`)
          .replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
