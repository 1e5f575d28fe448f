import { USER_TYPE } from '@medida/contracts/constants';
import { useEffect, useState } from 'react';
import { AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useAllStyles, withAllStyles } from '../../lib/all-styles.ts';
import { markFirstScreenShown } from '../../lib/first-screen-shown.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { VerifyEmailBanner } from '../../features/auth/verify-email-banner.tsx';
import { useLogout, useProfile, useSessionUser } from '../../lib/session.ts';
import { ChatButton } from '../../features/chat/chat-button.tsx';
import { EvaluationWizardOverlay, NewEvaluationButton } from '../../features/evaluations/evaluation-wizard-overlay.tsx';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { AppNavbar } from './app-navbar.tsx';
import { PeopleOverlays } from './people-overlays.tsx';
import { UserMenuSwitch } from './user-menu-switch.tsx';
import { paths } from '../../config/paths.ts';
import '../../styles/signed-in.css';

// The profile and password modals (forms, avatar editor, schemas) load on first use, not with every screen
// (issue 11, decision 164); a forced password change mounts its modal at once.
const ProfileModal = lazyWithTimeout(
  withAllStyles(() => import('../../features/profile/profile-modal.tsx').then((m) => m.ProfileModal)),
  { fallback: false },
);
// The enrolment an account may require of a user without a second factor (decision 208).
const SecondFactorEnrolment = lazyWithTimeout(
  withAllStyles(() =>
    import('../../features/profile/second-factor-enrolment.tsx').then((m) => m.SecondFactorEnrolment),
  ),
);
const ChangePasswordModal = lazyWithTimeout(
  withAllStyles(() => import('../../features/auth/change-password-modal.tsx').then((m) => m.ChangePasswordModal)),
  { fallback: false },
);

/** Mantine's `sm` breakpoint (48em): below it the sidebar is a drawer. */
const PHONE_QUERY = '(max-width: 47.99em)';

export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const profile = useProfile();
  const logout = useLogout();
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [changePasswordOpened, setChangePasswordOpened] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);

  // The dashboard renders with signed-in.css, an evaluation's detail with its own list too (decision 215); every
  // other page waits for all.css (its modals load it with their chunks), and marks the first screen painted at once
  // (the dashboard and the detail mark it themselves; decision 171).
  const atRoot = useMatch(paths.root) !== null; // redirects to the dashboard
  const onDashboard = useMatch(paths.dashboard) !== null || atRoot;
  const onDetail = useMatch(paths.evaluationDetail) !== null;
  const ownStyles = onDashboard || onDetail;
  const styled = useAllStyles(!ownStyles);
  const pageShows = (onDashboard || onDetail) && !user.isError && user.data?.cambia_pass !== 1;
  useEffect(() => {
    if (!pageShows) markFirstScreenShown();
  }, [pageShows]);

  const sidebarOpened = isPhone ? mobileOpened : desktopOpened;
  const toggleSidebar = isPhone ? mobile.toggle : desktop.toggle;
  // Spec §4: cambia_pass = 1 forces the change-password modal until the password is changed.
  const forcePasswordChange = user.data?.cambia_pass === 1;
  // Decision 208: an account that requires a second factor shows a user without one only its enrolment.
  const forceSecondFactor = !forcePasswordChange && user.data?.second_factor_required === true;
  // Either step a user cannot leave shows a bare frame: no sidebar, no profile menu, only sign-out (every page and
  // the profile behind it answer 403 until the step is done).
  const bare = forcePasswordChange || forceSecondFactor;
  const passwordModalMounted = useOpenedOnce(forcePasswordChange || changePasswordOpened);
  const profileModalMounted = useOpenedOnce(profileOpened);

  const datos = profile.data?.datos;
  const name = datos ? `${datos.nombre} ${datos.apellido}`.trim() : '';

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        bare
          ? undefined
          : { width: 250, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }
      }
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!bare && (
              <Burger
                opened={sidebarOpened}
                onClick={toggleSidebar}
                size="sm"
                aria-label={sidebarOpened ? t('nav.hideSidebar') : t('nav.showSidebar')}
                aria-expanded={sidebarOpened}
                data-testid="sidebar-toggle"
              />
            )}
            <Logo size={26} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Spec §2: the new-evaluation modal opens from any screen; clients (type 2) do not evaluate. */}
            {user.data && user.data.type !== USER_TYPE.client && !bare && <NewEvaluationButton />}
            <LanguageSwitcher />
            {bare ? (
              // The profile is not fetched (403) and its menu's pages answer nothing: only leaving works besides
              // the step itself.
              <Button
                variant="subtle"
                color="red"
                c="var(--mantine-color-red-text)"
                leftSection={<IconLogout size={18} />}
                onClick={onLogout}
                loading={logout.isPending}
                data-testid="logout"
              >
                {t('userMenu.logout')}
              </Button>
            ) : (
              <UserMenuSwitch
                name={name || t('common.loadingName')}
                email={datos?.email}
                imgUrl={datos?.img_url}
                onProfile={() => setProfileOpened(true)}
                onChangePassword={() => setChangePasswordOpened(true)}
                onSessions={() => void navigate(paths.sessions)}
                onLogout={onLogout}
              />
            )}
          </Group>
        </Group>
      </AppShell.Header>

      {!bare && <AppNavbar userType={user.data?.type} onNavigate={mobile.close} />}

      {/* Room under the content for the floating chat button (56 px at 20 px from the edge), so it never covers the last row. */}
      <AppShell.Main pb={96}>
        {/* Until a temporary password is changed the server answers nothing else (403): no page behind the modal. */}
        {forcePasswordChange ? null : forceSecondFactor ? (
          <SecondFactorEnrolment />
        ) : user.data && !ownStyles && !styled ? (
          <PageLoader />
        ) : user.data ? (
          <>
            {!user.data.email_verified && <VerifyEmailBanner />}
            <Outlet />
          </>
        ) : user.isError ? (
          <LoadError message={apiErrorMessage(user.error)} onRetry={() => void user.refetch()} />
        ) : (
          <PageLoader />
        )}
      </AppShell.Main>

      {!bare && <ChatButton />}
      {passwordModalMounted && (
        <ChangePasswordModal
          opened={forcePasswordChange || changePasswordOpened}
          forced={forcePasswordChange}
          onClose={() => setChangePasswordOpened(false)}
        />
      )}
      {!forcePasswordChange && (
        <>
          {profileModalMounted && <ProfileModal opened={profileOpened} onClose={() => setProfileOpened(false)} />}
          <PeopleOverlays />
          <EvaluationWizardOverlay />
        </>
      )}
    </AppShell>
  );
}
