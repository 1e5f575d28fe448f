import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { lazyWithTimeout } from '../components/lazy-with-timeout.tsx';
import { loadAllTexts } from '../lib/i18n.ts';
// The error pages are in the main bundle: they must show even when chunks cannot load.
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { ServerErrorPage } from '../features/errors/server-error-page.tsx';
import { paths } from '../config/paths.ts';
import { ByUserType } from './routes/by-user-type.tsx';
import { RootRoute } from './routes/root-route.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

/** A screen's chunk together with every screen's texts: Login's are the only ones loaded first (decision 215). */
const withAllTexts =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);

// Route-level code splitting: every screen is its own chunk, loaded with a 120 s deadline and a retry.
const MainLayout = lazyWithTimeout(withAllTexts(() => import('./layout/main-layout.tsx').then((m) => m.MainLayout)));
const DashboardPage = lazyWithTimeout(
  withAllTexts(() => import('../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
);
const DeleteAccountPage = lazyWithTimeout(
  withAllTexts(() => import('../features/profile/delete-account-page.tsx').then((m) => m.DeleteAccountPage)),
);
const SessionsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/sessions/sessions-page.tsx').then((m) => m.SessionsPage)),
);
const ClientsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/clients/clients-page.tsx').then((m) => m.ClientsPage)),
);
const ImportPage = lazyWithTimeout(
  withAllTexts(() => import('../features/imports/import-page.tsx').then((m) => m.ImportPage)),
);
const ClientDetailPage = lazyWithTimeout(
  withAllTexts(() => import('../features/clients/client-detail-page.tsx').then((m) => m.ClientDetailPage)),
);
const CompaniesPage = lazyWithTimeout(
  withAllTexts(() => import('../features/companies/companies-page.tsx').then((m) => m.CompaniesPage)),
);
const NetworkPage = lazyWithTimeout(
  withAllTexts(() => import('../features/network/network-page.tsx').then((m) => m.NetworkPage)),
);
const EvaluationsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/evaluations/evaluations-page.tsx').then((m) => m.EvaluationsPage)),
);
const EvaluationDetailPage = lazyWithTimeout(
  withAllTexts(() => import('../features/evaluations/evaluation-detail-page.tsx').then((m) => m.EvaluationDetailPage)),
);
const MyEvaluationsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/portal/my-evaluations-page.tsx').then((m) => m.MyEvaluationsPage)),
);
const MyDocumentsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/portal/my-documents-page.tsx').then((m) => m.MyDocumentsPage)),
);
const MyProfilePage = lazyWithTimeout(
  withAllTexts(() => import('../features/portal/my-profile-page.tsx').then((m) => m.MyProfilePage)),
);
const ChartsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/dashboard/charts-page.tsx').then((m) => m.ChartsPage)),
);
const WidgetsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/dashboard/widgets-page.tsx').then((m) => m.WidgetsPage)),
);
const ThemePage = lazyWithTimeout(
  withAllTexts(() => import('../features/ui-kit/theme-page.tsx').then((m) => m.ThemePage)),
);
const BasePage = lazyWithTimeout(
  withAllTexts(() => import('../features/ui-kit/base-page.tsx').then((m) => m.BasePage)),
);
const ButtonsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/ui-kit/buttons-page.tsx').then((m) => m.ButtonsPage)),
);
const IconsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/ui-kit/icons-page.tsx').then((m) => m.IconsPage)),
);
const NotificationsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/ui-kit/notifications-page.tsx').then((m) => m.NotificationsPage)),
);

// The operator's console (decision 229): its own frame and pages.
const OperatorLayout = lazyWithTimeout(
  withAllTexts(() => import('./layout/operator-layout.tsx').then((m) => m.OperatorLayout)),
);
const OperatorAccountsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/operator/accounts-page.tsx').then((m) => m.AccountsPage)),
);
const OperatorAccountPage = lazyWithTimeout(
  withAllTexts(() => import('../features/operator/account-page.tsx').then((m) => m.AccountPage)),
);
const OperatorRequestsPage = lazyWithTimeout(
  withAllTexts(() => import('../features/operator/requests-page.tsx').then((m) => m.RequestsPage)),
);
const OperatorAuditPage = lazyWithTimeout(
  withAllTexts(() => import('../features/operator/audit-page.tsx').then((m) => m.AuditPage)),
);

const LoginPage = lazyWithTimeout(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const ForgotPasswordPage = lazyWithTimeout(
  withAllTexts(() => import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
);
const ResetPasswordPage = lazyWithTimeout(
  withAllTexts(() => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
);
const ConfirmEmailPage = lazyWithTimeout(
  withAllTexts(() => import('../features/auth/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage)),
);
const UnlockPage = lazyWithTimeout(
  withAllTexts(() => import('../features/auth/unlock-page.tsx').then((m) => m.UnlockPage)),
);
const VerifyEmailPage = lazyWithTimeout(
  withAllTexts(() => import('../features/auth/verify-email-page.tsx').then((m) => m.VerifyEmailPage)),
);
const PoliticasPage = lazyWithTimeout(
  withAllTexts(() => import('../features/legal/politicas-page.tsx').then((m) => m.PoliticasPage)),
);
/** `/pages/:page`: register and every register-<partner> variant, anything else is the 404 page. */
const PagesRoute = lazyWithTimeout(withAllTexts(() => import('./routes/pages-route.tsx').then((m) => m.PagesRoute)));

/** The route table of spec §2. */
const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootRoute />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: paths.root,
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.deleteAccount, element: <DeleteAccountPage /> },
          { path: paths.sessions, element: <SessionsPage /> },
          { path: paths.clients, element: <ClientsPage /> },
          { path: paths.clientsImport, element: <ImportPage /> },
          { path: paths.clientPattern, element: <ClientDetailPage /> },
          { path: paths.network, element: <NetworkPage /> },
          { path: paths.companies, element: <CompaniesPage /> },
          {
            path: paths.evaluations,
            element: <ByUserType professional={<EvaluationsPage />} client={<MyEvaluationsPage />} />,
          },
          { path: paths.evaluationDetail, element: <EvaluationDetailPage /> },
          { path: paths.myDocuments, element: <MyDocumentsPage /> },
          { path: paths.myProfile, element: <MyProfilePage /> },
          { path: paths.charts, element: <ChartsPage /> },
          { path: paths.widgets, element: <WidgetsPage /> },
          { path: paths.theme, element: <ThemePage /> },
          { path: paths.base, element: <BasePage /> },
          { path: paths.buttons, element: <ButtonsPage /> },
          { path: paths.icons, element: <IconsPage /> },
          { path: paths.notifications, element: <NotificationsPage /> },
        ],
      },
      {
        path: paths.operator,
        element: <OperatorLayout />,
        children: [
          { index: true, element: <OperatorAccountsPage /> },
          { path: paths.operatorAccountPattern, element: <OperatorAccountPage /> },
          { path: paths.operatorRequests, element: <OperatorRequestsPage /> },
          { path: paths.operatorAudit, element: <OperatorAuditPage /> },
        ],
      },
      {
        path: paths.pages,
        children: [
          { index: true, element: <Navigate to={paths.notFound} replace /> },
          { path: paths.notFound, element: <NotFoundPage /> },
          { path: paths.serverError, element: <ServerErrorPage /> },
          { path: paths.login, element: <LoginPage /> },
          { path: paths.politicas, element: <PoliticasPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          { path: paths.confirmEmail, element: <ConfirmEmailPage /> },
          { path: paths.unlock, element: <UnlockPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          { path: ':page', element: <PagesRoute /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts loading the chunks of what this address shows (the layout and the page) before the first render, so
 * that they render at once instead of suspending one after the other (decision 169). Signed-in screens only:
 * Login's chunk waits for its first paint (decision 163).
 */
export function preloadSignedInScreen(pathname: string): void {
  if (pathname.startsWith(paths.pages)) return;
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    if (typeof type === 'function' && 'preload' in type && typeof type.preload === 'function') type.preload();
  }
}

function AppRoutes() {
  return useRoutes(routes);
}

/** The router around the routes: the browser's history, or a fixed address when Login is prerendered (decision 163). */
export type RouterComponent = ComponentType<{ children: ReactNode }>;

/** Declarative routing (`BrowserRouter` + `useRoutes`): the app has no loaders or actions to need the data router. */
export function AppRouter({ router: Router = BrowserRouter }: { router?: RouterComponent }) {
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}
