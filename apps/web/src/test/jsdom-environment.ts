// jsdom for the web component tests. Vitest's built-in `environment: 'jsdom'` imports jsdom from the root
// node_modules, but npm keeps jsdom 29 (a dev dependency of @medida/web) in apps/web/node_modules: this file lives in
// the web app, so its import finds it. It does what the built-in does for these tests: a window with its globals,
// while Node's own fetch, Request, Response and URL stay (a test stubs fetch).
import { JSDOM } from 'jsdom';
import { populateGlobal, type Environment } from 'vitest/runtime';

const KEEP_FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'URL'] as const;

export default {
  name: 'web-jsdom',
  viteEnvironment: 'client',
  setup(global: Record<string, unknown>) {
    const dom = new JSDOM('<!DOCTYPE html>', { pretendToBeVisual: true, url: 'http://localhost:3000' });
    const kept = Object.fromEntries(KEEP_FROM_NODE.map((name) => [name, global[name]]));
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    // jsdom's own abort signals: its addEventListener refuses Node's (Mantine's drag hook passes one).
    Object.assign(global, kept, { AbortController: dom.window.AbortController, AbortSignal: dom.window.AbortSignal });
    return {
      teardown(target: Record<string, unknown>) {
        dom.window.close();
        for (const key of keys) Reflect.deleteProperty(target, key);
        for (const [key, value] of originals) Reflect.set(target, key, value);
      },
    };
  },
} satisfies Environment;
