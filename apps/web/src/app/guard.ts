import { USER_TYPE, type UserType } from '@medida/contracts/constants';
import { paths } from '../config/paths.ts';

export const LOGIN_PATH = paths.login;
export const HOME_PATH = paths.dashboard;
const CLIENT_HOME_PATH = paths.evaluations;

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Authenticated, but the user's type is not known yet: show a loader, decide when it arrives. */
  | { kind: 'wait' };

export interface GuardInput {
  pathname: string;
  hasToken: boolean;
  /** Session user's type (1 professional, 2 client), or null while GET /web/authenticate/user loads. */
  userType: UserType | null;
  /** Whether the session user is one of the team's operators (decision 229), or null while it loads. */
  operator?: boolean | null;
}

function normalize(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

/** Public without login (spec §2): everything under /pages — login, register and its variants, politicas, password recovery, 404, 500. */
export function isPublicPath(pathname: string): boolean {
  const path = normalize(pathname);
  return path === paths.pages || path.startsWith(`${paths.pages}/`);
}

/**
 * Screens a client (type 2) may not open (spec §2, §6): the professional's screens, its charts and
 * widgets, and the UI-kit pages (issue 15: a client sees its portal only).
 */
const CLIENT_BLOCKED = [
  paths.root,
  paths.dashboard,
  paths.clients,
  paths.network,
  paths.companies,
  paths.charts,
  paths.widgets,
  paths.theme,
  paths.base,
  paths.buttons,
  paths.icons,
  paths.notifications,
];

/** The client portal's own screens: a professional has its own versions of them (issue 15). */
const CLIENT_ONLY = [paths.myDocuments, paths.myProfile];

const under = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || (prefix !== '/' && path.startsWith(`${prefix}/`)));

/** The access guard of spec §2 as one pure decision. */
export function decideAccess({ pathname, hasToken, userType, operator = null }: GuardInput): GuardDecision {
  const path = normalize(pathname);
  if (path === LOGIN_PATH && hasToken) return { kind: 'redirect', to: HOME_PATH };
  if (isPublicPath(path)) return { kind: 'allow' };
  if (!hasToken) return { kind: 'redirect', to: LOGIN_PATH };
  // The operator's console is the operator's only screen, and nobody else's (decision 229).
  if (under(path, [paths.operator])) {
    if (operator === null) return { kind: 'wait' };
    return operator ? { kind: 'allow' } : { kind: 'redirect', to: HOME_PATH };
  }
  if (operator === true) return { kind: 'redirect', to: paths.operator };
  if (under(path, CLIENT_BLOCKED)) {
    if (userType === null) return { kind: 'wait' };
    if (userType === USER_TYPE.client) return { kind: 'redirect', to: CLIENT_HOME_PATH };
  }
  if (under(path, CLIENT_ONLY)) {
    if (userType === null) return { kind: 'wait' };
    if (userType !== USER_TYPE.client) return { kind: 'redirect', to: HOME_PATH };
  }
  return { kind: 'allow' };
}
