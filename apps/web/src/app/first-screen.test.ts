import { describe, expect, it } from 'vitest';
import {
  firstScreenPlan,
  holdsUntilShown,
  prerenderFits,
  startEarlyRequests,
  type FirstScreenAssets,
  type FirstScreenVisit,
} from './first-screen.ts';

const assets: FirstScreenAssets = {
  screens: {
    login: ['/assets/login-page-1.js', '/assets/Checkbox-1.js'],
    layout: ['/assets/main-layout-1.js', '/assets/signed-in-1.css', '/assets/Checkbox-1.js'],
    dashboard: ['/assets/dashboard-page-1.js', '/assets/schemas-1.js'],
    evaluationDetail: ['/assets/evaluation-detail-page-1.js'],
    clients: ['/assets/clients-page-1.js'],
    allStyles: ['/assets/all-1.css', '/assets/all-styles-chunk-1.js'],
  },
  locales: { es: ['/assets/es-1.js'], en: ['/assets/en-1.js'], pt: ['/assets/pt-1.js'] },
};
const files = (v: FirstScreenVisit) => firstScreenPlan(assets, v).files;
const visit = (over: Partial<FirstScreenVisit>): FirstScreenVisit => ({
  pathname: '/pages/login',
  signedIn: false,
  storedLanguage: null,
  navigatorLanguages: [],
  ...over,
});

describe('firstScreenPlan', () => {
  it('preloads Login and the language for a visitor, on Login and on any private address (the guard sends them there)', () => {
    const login = ['/assets/login-page-1.js', '/assets/Checkbox-1.js', '/assets/es-1.js'];
    expect(files(visit({}))).toEqual(login);
    expect(files(visit({ pathname: '/dashboard' }))).toEqual(login);
    expect(files(visit({ pathname: '/Pages/Login/' }))).toEqual(login);
  });

  it('preloads the signed-in layout and the page of the address, each file once; all.css for every page but the dashboard', () => {
    expect(files(visit({ pathname: '/dashboard', signedIn: true }))).toEqual([
      '/assets/main-layout-1.js',
      '/assets/signed-in-1.css',
      '/assets/Checkbox-1.js',
      '/assets/dashboard-page-1.js',
      '/assets/schemas-1.js',
      '/assets/es-1.js',
    ]);
    expect(files(visit({ pathname: '/', signedIn: true }))).not.toContain('/assets/all-1.css');
    expect(files(visit({ pathname: '/users', signedIn: true }))).toContain('/assets/all-1.css');
    expect(files(visit({ pathname: '/evaluations/detail', signedIn: true }))).not.toContain('/assets/all-1.css');
    expect(files(visit({ pathname: '/', signedIn: true }))).toContain('/assets/dashboard-page-1.js');
    expect(files(visit({ pathname: '/pages/login', signedIn: true }))).toContain('/assets/dashboard-page-1.js');
    expect(files(visit({ pathname: '/evaluations/detail', signedIn: true }))).toContain(
      '/assets/evaluation-detail-page-1.js',
    );
    expect(files(visit({ pathname: '/users', signedIn: true }))).toContain('/assets/clients-page-1.js');
    expect(files(visit({ pathname: '/sessions', signedIn: true }))).toEqual([
      '/assets/main-layout-1.js',
      '/assets/signed-in-1.css',
      '/assets/Checkbox-1.js',
      '/assets/all-1.css',
      '/assets/all-styles-chunk-1.js',
      '/assets/es-1.js',
    ]);
  });

  it('expects the signed-in layout (index.html paints its header) only where a session shows it', () => {
    const layout = (over: Partial<FirstScreenVisit>) => firstScreenPlan(assets, visit(over)).layout;
    expect(layout({ pathname: '/dashboard', signedIn: true })).toBe(true);
    expect(layout({ pathname: '/evaluations/detail', signedIn: true })).toBe(true);
    expect(layout({ signedIn: true })).toBe(true);
    expect(layout({})).toBe(false);
    expect(layout({ pathname: '/dashboard' })).toBe(false);
    expect(layout({ pathname: '/pages/register', signedIn: true })).toBe(false);
  });

  it('preloads only the language on the other public pages', () => {
    expect(files(visit({ pathname: '/pages/register', navigatorLanguages: ['pt-BR'] }))).toEqual(['/assets/pt-1.js']);
  });

  it('picks the language as the app does: the stored choice, then the browser, then Spanish; register-pacific is Spanish', () => {
    const language = (over: Partial<FirstScreenVisit>) => files(visit(over)).at(-1);
    expect(language({ storedLanguage: 'en', navigatorLanguages: ['pt-BR'] })).toBe('/assets/en-1.js');
    expect(language({ storedLanguage: 'xx', navigatorLanguages: ['fr-FR', 'pt-BR'] })).toBe('/assets/pt-1.js');
    expect(language({ navigatorLanguages: ['fr-FR'] })).toBe('/assets/es-1.js');
    expect(language({ pathname: '/pages/register-pacific', storedLanguage: 'en' })).toBe('/assets/es-1.js');
  });

  it('runs on its own once serialized (index.html holds its source, without the module around it)', () => {
    const standalone = new Function(`return (${firstScreenPlan.toString()})`)() as typeof firstScreenPlan;
    expect(standalone(assets, visit({ navigatorLanguages: ['en-US'] })).files).toEqual([
      '/assets/login-page-1.js',
      '/assets/Checkbox-1.js',
      '/assets/en-1.js',
    ]);
  });
});

describe('prerenderFits', () => {
  // Serialized into index.html like firstScreenPlan: it must run on its own.
  const fits = new Function(`return (${prerenderFits.toString()})`)() as typeof prerenderFits;

  it("fits Login's address without a session, in the prerendered language only", () => {
    expect(fits('en', { pathname: '/pages/login', signedIn: false }, 'en')).toBe(true);
    expect(fits('en', { pathname: '/Pages/Login/', signedIn: false }, 'en')).toBe(true);
    expect(fits('en', { pathname: '/pages/login', signedIn: false }, 'pt')).toBe(false);
    expect(fits('en', { pathname: '/pages/login', signedIn: true }, 'en')).toBe(false);
    expect(fits('en', { pathname: '/pages/register', signedIn: false }, 'en')).toBe(false);
  });
});

describe('holdsUntilShown', () => {
  it('holds back the overlays and the chat on the signed-in dashboard and evaluation detail only', () => {
    expect(holdsUntilShown({ pathname: '/dashboard', signedIn: true })).toBe(true);
    expect(holdsUntilShown({ pathname: '/evaluations/detail', signedIn: true })).toBe(true);
    expect(holdsUntilShown({ pathname: '/evaluations/detail', signedIn: false })).toBe(false);
    expect(holdsUntilShown({ pathname: '/Dashboard/', signedIn: true })).toBe(true);
    expect(holdsUntilShown({ pathname: '/', signedIn: true })).toBe(true);
    expect(holdsUntilShown({ pathname: '/dashboard', signedIn: false })).toBe(false);
    expect(holdsUntilShown({ pathname: '/users', signedIn: true })).toBe(false);
    expect(holdsUntilShown({ pathname: '/pages/login', signedIn: false })).toBe(false);
  });
});

describe('startEarlyRequests', () => {
  /** The URLs asked for, once every request chained on the session user has started (run serialized, as index.html does). */
  async function requested(pathname: string, search: string, user: object | null, bodies: Record<string, object> = {}) {
    const standalone = new Function(`return (${startEarlyRequests.toString()})`)() as typeof startEarlyRequests;
    const urls: string[] = [];
    const early = standalone({ pathname, search, token: 't', language: 'en' }, (url, init) => {
      urls.push(url);
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t');
      const body = url === '/web/authenticate/user' ? user && { user } : (bodies[url] ?? {});
      return Promise.resolve(new Response(JSON.stringify(body ?? {}), { status: user ? 200 : 401 }));
    });
    // Requests chained on an answer's body start a few turns later.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.keys(early).sort()).toEqual([...urls].sort());
    return urls;
  }
  const professional = { id: 7, type: 1, cambia_pass: 0 };

  it("starts the dashboard's session, profile, figures, credits and ISAK precision", async () => {
    expect(await requested('/dashboard', '', professional)).toEqual([
      '/web/authenticate/user',
      '/web/datosusuario?id_usuario=7',
      '/web/getdash?id_usuario=7&type=1',
      '/web/creditos',
      '/web/isak/tem',
    ]);
  });

  it("starts what the dashboard's cards ask for as their answers say: a top account's requests, the units", async () => {
    const bodies = {
      '/web/creditos': { creditos: 3, evaluation_cost: 1, ask: { kind: 'operator', email: 'a@b.cl' } },
      '/web/getdash?id_usuario=7&type=1': { data: { cards: ['counts', 'wrong_way'] } },
    };
    expect((await requested('/dashboard', '', professional, bodies)).sort()).toEqual([
      '/web/authenticate/user',
      '/web/credit-requests',
      '/web/creditos',
      '/web/datosusuario?id_usuario=7',
      '/web/getdash?id_usuario=7&type=1',
      '/web/isak/tem',
      '/web/listadoperfil',
    ]);
    // Free evaluations (no line on credits), a parent account to ask, or no wrong-way card: neither.
    const others: Record<string, object>[] = [
      { '/web/creditos': { creditos: 0, evaluation_cost: 0, ask: { kind: 'operator', email: 'a@b.cl' } } },
      { '/web/creditos': { creditos: 3, evaluation_cost: 1, ask: { kind: 'parent', name: 'P', email: 'p@b.cl' } } },
      { '/web/getdash?id_usuario=7&type=1': { data: { cards: ['counts'] } } },
    ];
    for (const other of others) {
      const urls = await requested('/dashboard', '', professional, other);
      expect(urls).not.toContain('/web/credit-requests');
      expect(urls).not.toContain('/web/listadoperfil');
    }
  });

  it("starts an evaluation's detail with the session, and only for a plain numeric id", async () => {
    expect(await requested('/evaluations/detail', '?evaluationID=12', professional)).toEqual([
      '/web/authenticate/user',
      '/web/getevaluacion?evaluationID=12',
      '/web/datosusuario?id_usuario=7',
      '/web/listadoperfil',
    ]);
    expect(await requested('/evaluations/detail', '?evaluationID=012', professional)).not.toContain(
      '/web/getevaluacion?evaluationID=012',
    );
  });

  it('asks nothing on a public page, no profile with a temporary password, no figures for a client', async () => {
    expect(await requested('/pages/login', '', professional)).toEqual([]);
    expect(await requested('/dashboard', '', { id: 7, type: 1, cambia_pass: 1 })).toEqual([
      '/web/authenticate/user',
      '/web/getdash?id_usuario=7&type=1',
      '/web/creditos',
      '/web/isak/tem',
    ]);
    expect(await requested('/dashboard', '', { id: 9, type: 2, cambia_pass: 0 })).toEqual([
      '/web/authenticate/user',
      '/web/datosusuario?id_usuario=9',
    ]);
    expect(await requested('/dashboard', '', null)).toEqual(['/web/authenticate/user']);
  });
});
