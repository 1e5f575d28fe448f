import { describe, expect, it } from 'vitest';
import { decideAccess, isPublicPath } from './guard.ts';

const anon = { hasToken: false, userType: null } as const;
const pro = { hasToken: true, userType: 1 } as const;
const client = { hasToken: true, userType: 2 } as const;

describe('decideAccess (spec §2 access guard)', () => {
  it.each([
    '/pages/login',
    '/pages/register',
    '/pages/register-pacific',
    '/pages/register-acme',
    '/pages/politicas',
    '/pages/forgot-password',
    '/pages/reset-password',
    '/pages/404',
    '/pages/500',
    '/pages',
    '/pages/whatever',
  ])('lets a visitor without login open %s', (pathname) => {
    expect(decideAccess({ pathname, ...anon })).toEqual({ kind: 'allow' });
  });

  it.each([
    '/',
    '/dashboard',
    '/users',
    '/users/7',
    '/networkusers',
    '/evaluations',
    '/evaluations/detail',
    '/delete-account',
    '/theme',
    '/nope',
  ])('sends a visitor without login from %s to Login', (pathname) => {
    expect(decideAccess({ pathname, ...anon })).toEqual({ kind: 'redirect', to: '/pages/login' });
  });

  it('sends an authenticated user away from Login to the dashboard', () => {
    expect(decideAccess({ pathname: '/pages/login', ...pro })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideAccess({ pathname: '/pages/login/', hasToken: true, userType: null })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('keeps the other public pages open while authenticated', () => {
    expect(decideAccess({ pathname: '/pages/register', ...pro })).toEqual({ kind: 'allow' });
    expect(decideAccess({ pathname: '/pages/reset-password', ...client })).toEqual({ kind: 'allow' });
  });

  it.each([
    '/dashboard',
    '/users',
    '/users/12',
    '/networkusers',
    '/companies',
    '/Dashboard/',
    '/',
    '/charts',
    '/widgets',
    '/theme',
    '/base',
    '/buttons',
    '/icons',
    '/notifications',
  ])('sends a client (type 2) from %s to Evaluations', (pathname) => {
    expect(decideAccess({ pathname, ...client })).toEqual({ kind: 'redirect', to: '/evaluations' });
  });

  it('lets a client open evaluations and the other layout pages', () => {
    for (const pathname of ['/evaluations', '/evaluations/detail', '/delete-account']) {
      expect(decideAccess({ pathname, ...client })).toEqual({ kind: 'allow' });
    }
  });

  it('lets a professional (type 1) open every layout page', () => {
    for (const pathname of ['/dashboard', '/users', '/users/3', '/networkusers', '/evaluations', '/theme', '/charts']) {
      expect(decideAccess({ pathname, ...pro })).toEqual({ kind: 'allow' });
    }
  });

  it('waits for the user type before deciding on a type-restricted page', () => {
    expect(decideAccess({ pathname: '/dashboard', hasToken: true, userType: null })).toEqual({ kind: 'wait' });
    expect(decideAccess({ pathname: '/evaluations', hasToken: true, userType: null })).toEqual({ kind: 'allow' });
  });

  it('does not treat look-alike paths as public', () => {
    expect(isPublicPath('/pagesx')).toBe(false);
    expect(isPublicPath('/users/pages/login')).toBe(false);
  });

  it.each(['/my-documents', '/my-profile'])(
    'keeps %s for clients and sends a professional to the dashboard',
    (pathname) => {
      expect(decideAccess({ pathname, ...client })).toEqual({ kind: 'allow' });
      expect(decideAccess({ pathname, ...pro })).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideAccess({ pathname, hasToken: true, userType: null })).toEqual({ kind: 'wait' });
      expect(decideAccess({ pathname, ...anon })).toEqual({ kind: 'redirect', to: '/pages/login' });
    },
  );

  it("keeps the operator's console for operators, and an operator in it (decision 229)", () => {
    const operator = { hasToken: true, userType: 1 as const, operator: true };
    for (const pathname of ['/operator', '/operator/accounts/7', '/operator/requests', '/operator/audit']) {
      expect(decideAccess({ pathname, ...operator })).toEqual({ kind: 'allow' });
      expect(decideAccess({ pathname, ...pro, operator: false })).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideAccess({ pathname, ...client, operator: false })).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideAccess({ pathname, hasToken: true, userType: null })).toEqual({ kind: 'wait' });
      expect(decideAccess({ pathname, ...anon })).toEqual({ kind: 'redirect', to: '/pages/login' });
    }
    for (const pathname of ['/dashboard', '/users', '/sessions', '/evaluations'])
      expect(decideAccess({ pathname, ...operator })).toEqual({ kind: 'redirect', to: '/operator' });
    expect(decideAccess({ pathname: '/pages/politicas', ...operator })).toEqual({ kind: 'allow' });
  });
});
