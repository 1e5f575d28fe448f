import { useEffect } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCoins, IconListDetails, IconLogout, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Logo } from '../../components/logo.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useAllStyles, withAllStyles } from '../../lib/all-styles.ts';
import { markFirstScreenShown } from '../../lib/first-screen-shown.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useLogout, useSessionUser } from '../../lib/session.ts';
import '../../lib/dates-locale.ts';
import '../../styles/signed-in.css';

const SecondFactorEnrolment = lazyWithTimeout(
  withAllStyles(() =>
    import('../../features/profile/second-factor-enrolment.tsx').then((m) => m.SecondFactorEnrolment),
  ),
);
const ChangePasswordModal = lazyWithTimeout(
  withAllStyles(() => import('../../features/auth/change-password-modal.tsx').then((m) => m.ChangePasswordModal)),
  { fallback: false },
);

const NAV = [
  { to: paths.operator, labelKey: 'operator.nav.accounts', icon: IconUsers },
  { to: paths.operatorRequests, labelKey: 'operator.nav.requests', icon: IconCoins },
  { to: paths.operatorAudit, labelKey: 'operator.nav.audit', icon: IconListDetails },
] as const;

/** Whether `to` is the page shown (an account's page belongs to the accounts). */
const isActive = (pathname: string, to: string) =>
  to === paths.operator
    ? pathname === to || pathname.startsWith(`${paths.operator}/accounts`)
    : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The operator's console (decision 229): its own frame, with nothing of a professional's (no profile, dashboard or
 * chat, which all refuse an operator). A temporary password is changed first, then a second factor is set up: until
 * then the console's routes answer 403, so only that step shows (decision 208's mechanism).
 */
export function OperatorLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const logout = useLogout();
  const [opened, sidebar] = useDisclosure(false);
  const styled = useAllStyles(true);
  useEffect(markFirstScreenShown, []);

  const forcePasswordChange = user.data?.cambia_pass === 1;
  const forceSecondFactor = !forcePasswordChange && user.data?.second_factor_required === true;
  const bare = forcePasswordChange || forceSecondFactor;
  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={bare ? undefined : { width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!bare && (
              <Burger
                opened={opened}
                onClick={sidebar.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t('nav.hideSidebar') : t('nav.showSidebar')}
                aria-expanded={opened}
              />
            )}
            <Logo size={26} />
            <Badge variant="light" color="grape" visibleFrom="xs">
              {t('operator.badge')}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <Button
              variant="subtle"
              color="red"
              c="var(--mantine-color-red-text)"
              leftSection={<IconLogout size={18} />}
              onClick={onLogout}
              loading={logout.isPending}
            >
              {t('userMenu.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {!bare && (
        <AppShell.Navbar p="sm" aria-label={t('operator.nav.label')}>
          {NAV.map(({ to, labelKey, icon: Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={t(labelKey)}
              leftSection={<Icon size={20} stroke={1.6} />}
              active={isActive(pathname, to)}
              onClick={sidebar.close}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        {forcePasswordChange ? null : forceSecondFactor ? (
          <SecondFactorEnrolment />
        ) : user.data && styled ? (
          <Outlet />
        ) : user.isError ? (
          <LoadError message={apiErrorMessage(user.error)} onRetry={() => void user.refetch()} />
        ) : (
          <PageLoader />
        )}
      </AppShell.Main>
      {forcePasswordChange && <ChangePasswordModal opened forced onClose={() => undefined} />}
    </AppShell>
  );
}
