/**
 * Every screen's path (spec §2), in one place: the router, the guard, the navigation and every link and
 * redirect build their paths here, so a path is never spelled twice.
 */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  deleteAccount: '/delete-account',
  sessions: '/sessions',
  clients: '/users',
  /** Importing clients or evaluations from a spreadsheet (decision 228). */
  clientsImport: '/users/import',
  /** Route pattern of a client's page; links use `client(id)`. */
  clientPattern: '/users/:id',
  client: (id: number) => `/users/${id}`,
  network: '/networkusers',
  companies: '/companies',
  evaluations: '/evaluations',
  /** Route pattern of an evaluation's page; links use `evaluation(id)`. */
  evaluationDetail: '/evaluations/detail',
  evaluation: (id: number) => `/evaluations/detail?evaluationID=${id}`,
  evaluationVersion: (id: number, version: number) => `/evaluations/detail?evaluationID=${id}&version=${version}`,
  /** The client portal's own screens (type 2 only; evaluations share the professional's paths). */
  myDocuments: '/my-documents',
  myProfile: '/my-profile',
  charts: '/charts',
  widgets: '/widgets',
  theme: '/theme',
  base: '/base',
  buttons: '/buttons',
  icons: '/icons',
  notifications: '/notifications',
  /** The operator's console (decision 229): only an operator opens it, and an operator opens nothing else. */
  operator: '/operator',
  operatorAccountPattern: '/operator/accounts/:id',
  operatorAccount: (id: number) => `/operator/accounts/${id}`,
  operatorRequests: '/operator/requests',
  operatorAudit: '/operator/audit',
  /** Everything under /pages is public (login, register and its variants, policies, recovery, errors). */
  pages: '/pages',
  login: '/pages/login',
  politicas: '/pages/politicas',
  register: '/pages/register',
  forgotPassword: '/pages/forgot-password',
  resetPassword: '/pages/reset-password',
  /** Target of the link mailed to a new login e-mail (the server builds it: email-change.service.ts). */
  confirmEmail: '/pages/confirm-email',
  /** Target of the unlock link mailed on a sign-in lockout (lockout.service.ts). */
  unlock: '/pages/unlock',
  /** Target of the link mailed at registration (users.service.ts): verifies the e-mail and signs in. */
  verifyEmail: '/pages/verify-email',
  notFound: '/pages/404',
  serverError: '/pages/500',
} as const;
