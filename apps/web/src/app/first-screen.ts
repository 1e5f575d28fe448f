/**
 * What the first screen of a cold load needs besides the entry, chosen before the entry runs (issue 11,
 * decision 107). The build (vite.config.ts, plugin `medida-first-screen`) writes this function into
 * index.html as an inline script with the hashed file names of each screen, so the browser fetches the
 * route's chunk, its CSS and the language's texts together with the entry instead of one round trip after
 * it. The server allows the script by its hash in the CSP (apps/server/src/plugins/spa.ts).
 *
 * The function is serialized with `Function.prototype.toString`: it must not use anything outside its
 * own body (no imports, no module-level constants). A wrong guess costs one unused download, never a
 * wrong screen: the app still loads what it renders.
 */
import type { EarlyRequests } from '../lib/early-requests.ts';

/** The screens index.html knows: a name each, the module of its route (relative to apps/web). */
export const FIRST_SCREEN_MODULES = {
  login: 'src/features/auth/login-page.tsx',
  layout: 'src/app/layout/main-layout.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  evaluationDetail: 'src/features/evaluations/evaluation-detail-page.tsx',
  clients: 'src/features/clients/clients-page.tsx',
  /** Every Mantine style: the signed-in pages but the dashboard and the detail render with it (decisions 171, 215). */
  allStyles: 'src/lib/all-styles-chunk.ts',
} as const;

export type FirstScreen = keyof typeof FIRST_SCREEN_MODULES;

export interface FirstScreenAssets {
  /** Files (`/assets/…`) of each screen beyond what index.html already loads: chunks and CSS. */
  screens: Record<FirstScreen, string[]>;
  /** The texts' chunk of each language: Login's part (lib/i18n.ts, decision 215). */
  locales: Record<string, string[]>;
  /** The other screens' texts of each language: preloaded on any visit but Login's without a session. */
  restLocales?: Record<string, string[]>;
}

export interface FirstScreenVisit {
  pathname: string;
  /** Whether localStorage holds a session token (the guard shows Login otherwise). */
  signedIn: boolean;
  /** localStorage's `lang`, if any. */
  storedLanguage: string | null;
  navigatorLanguages: readonly string[];
}

/**
 * The files to preload for this visit (its screen's chunks and CSS, then its language's texts), the language, and
 * whether the signed-in layout is the first screen (index.html then paints its header at once, decision 215).
 */
export function firstScreenPlan(
  assets: FirstScreenAssets,
  visit: FirstScreenVisit,
): { files: string[]; language: string; layout: boolean } {
  const path = visit.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const isPublic = path === '/pages' || path.indexOf('/pages/') === 0;
  // The guard (app/guard.ts): Login for a visitor without a session, the dashboard for a signed-in one on Login.
  let screens: FirstScreen[] = [];
  if (isPublic) {
    if (path === '/pages/login') screens = visit.signedIn ? ['layout', 'dashboard'] : ['login'];
  } else if (!visit.signedIn) screens = ['login'];
  else {
    screens = ['layout'];
    if (path === '/' || path === '/dashboard') screens.push('dashboard');
    else if (path === '/evaluations/detail') screens.push('evaluationDetail');
    else if (path === '/users') screens.push('clients', 'allStyles');
    else screens.push('allStyles');
  }

  // The language rule of lib/language.ts, short of the register variants (a miss costs one download).
  const supported = Object.keys(assets.locales);
  let language = 'es';
  const navigatorLanguage = visit.navigatorLanguages
    .map((tag) => tag.toLowerCase().split('-')[0] ?? '')
    .find((base) => supported.indexOf(base) >= 0);
  if (path.indexOf('register-pacific') >= 0) language = 'es';
  else if (visit.storedLanguage && supported.indexOf(visit.storedLanguage) >= 0) language = visit.storedLanguage;
  else if (navigatorLanguage) language = navigatorLanguage;

  const files: string[] = [];
  for (const screen of screens)
    for (const file of assets.screens[screen]) if (files.indexOf(file) < 0) files.push(file);
  for (const file of assets.locales[language] ?? []) if (files.indexOf(file) < 0) files.push(file);
  const loginOnly = path === '/pages/login' && !visit.signedIn;
  if (!loginOnly && assets.restLocales)
    for (const file of assets.restLocales[language] ?? []) if (files.indexOf(file) < 0) files.push(file);
  return { files, language, layout: screens.indexOf('layout') >= 0 };
}

/**
 * Whether Login's prerendered HTML (decision 163; `prerendered` is its language, from `<html data-prerendered>`)
 * is the screen the app will show for this visit: Login, no session (the guard sends a signed-in user to the
 * dashboard) and the same language. Serialized into index.html like `firstScreenPlan`, and used by main.tsx to
 * choose between hydrating that HTML and rendering afresh.
 */
export function prerenderFits(
  prerendered: string,
  visit: { pathname: string; signedIn: boolean },
  language: string,
): boolean {
  const path = visit.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return path === '/pages/login' && !visit.signedIn && prerendered === language;
}

/**
 * Whether this first screen holds back what it does not show (the overlays' chunk, the chat) until it is painted
 * (lib/first-screen-shown.ts, decision 171): the signed-in dashboard, whose first row waits for its answers, and an
 * evaluation's detail, whose first stage does (decision 215).
 */
export function holdsUntilShown(visit: { pathname: string; signedIn: boolean }): boolean {
  const path = visit.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return visit.signedIn && (path === '/' || path === '/dashboard' || path === '/evaluations/detail');
}

/**
 * Starts the signed-in first screen's requests while the entry downloads (serialized like
 * `firstScreenPlan`): the session user and an evaluation's detail, then the profile and, for the dashboard,
 * its figures, the credits summary and what its cards ask for, for the detail the reader's own profile (units), with
 * the headers lib/api.ts sends. An answer that is not 200 is used as it is: the app handles it as it would its own
 * request's (a 401 still ends the session).
 */
export function startEarlyRequests(
  visit: { pathname: string; search?: string; token: string; language: string },
  get: (url: string, init: RequestInit) => Promise<Response>,
): EarlyRequests {
  const path = visit.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const early: EarlyRequests = {};
  if (path === '/pages' || path.indexOf('/pages/') === 0) return early;
  const init: RequestInit = {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': visit.language,
      Authorization: 'Bearer ' + visit.token,
    },
  };
  const userUrl = '/web/authenticate/user';
  const user = get(userUrl, init);
  early[userUrl] = user;
  // An evaluation's detail needs only its id (features/evaluations/evaluations-api.ts, fetchEvaluation).
  const evaluation = /[?&]evaluationID=([1-9][0-9]*)(&|$)/.exec(visit.search || '');
  if (path === '/evaluations/detail' && evaluation) {
    const url = '/web/getevaluacion?evaluationID=' + evaluation[1];
    early[url] = get(url, init);
  }
  // A clone: the app reads the first answer's body itself.
  const ids = user
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: { user?: { id?: unknown; type?: unknown; cambia_pass?: unknown } } | null) => body?.user ?? null);
  /** The request `url` names once `source` has come (none for null); its body read from a clone as it arrives. */
  const after = <T>(source: Promise<T | null>, url: (value: T) => string | null) =>
    source.then((value) => {
      const next = value ? url(value) : null;
      if (!next) return null;
      const response = get(next, init);
      const body = response.then((r) => (r.ok ? (r.clone().json() as Promise<unknown>) : null)).catch(() => null);
      return { url: next, response, body };
    });
  const bodyOf = <T>(started: Promise<{ body: Promise<unknown> } | null>) =>
    started.then((s) => (s ? (s.body as Promise<T | null>) : null));
  // The layout's profile (the user menu, the welcome line) on every signed-in screen; a temporary password has
  // none (lib/session.ts).
  const waiting = [after(ids, (u) => (u.cambia_pass !== 1 ? '/web/datosusuario?id_usuario=' + String(u.id) : null))];
  // The detail shows weights and lengths in the reader's units (lib/own-profile.ts): asked for here, its answer is not
  // one more round trip after the page's first render, just before its first paint (decision 215).
  if (path === '/evaluations/detail')
    waiting.push(after(ids, (u) => (u.cambia_pass !== 1 ? '/web/listadoperfil' : null)));
  if (path === '/' || path === '/dashboard') {
    // Only a professional has a dashboard, and the counts card's line on credits (features/credits). The function
    // is serialized into index.html and cannot import USER_TYPE: 1 is USER_TYPE.professional (decision 090).
    /* eslint-disable medida/no-user-type-literal -- serialized without imports (see the file's header) */
    const figures = after(ids, (u) => (u.type === 1 ? '/web/getdash?id_usuario=' + String(u.id) + '&type=1' : null));
    const credits = after(ids, (u) => (u.type === 1 ? '/web/creditos' : null));
    // Then what the cards ask for as they render (decision 243), else one round trip after the page's code, on the way
    // to its first paint: the ISAK precision below the cards (features/dashboard/isak-tem-api.ts),
    waiting.push(
      figures,
      credits,
      after(ids, (u) => (u.type === 1 ? '/web/isak/tem' : null)),
    );
    /* eslint-enable medida/no-user-type-literal */
    // a top account's requests to the Medida team under the line on credits (features/credits/credits-explanation.tsx)
    waiting.push(
      after(bodyOf<{ evaluation_cost?: unknown; ask?: { kind?: unknown } }>(credits), (c) =>
        typeof c.evaluation_cost === 'number' && c.evaluation_cost > 0 && c.ask?.kind === 'operator'
          ? '/web/credit-requests'
          : null,
      ),
    );
    // and the reader's units for the wrong-way card's lengths (lib/own-profile.ts).
    waiting.push(
      after(bodyOf<{ data?: { cards?: unknown } }>(figures), (d) => {
        const cards = d.data?.cards;
        return Array.isArray(cards) && cards.indexOf('wrong_way') >= 0 ? '/web/listadoperfil' : null;
      }),
    );
  }
  for (const started of waiting)
    started.then(
      (s) => {
        if (s) early[s.url] = s.response;
      },
      () => undefined,
    );
  return early;
}
