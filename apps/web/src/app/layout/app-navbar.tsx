import { AppShell, NavLink } from '@mantine/core';
import classes from './app-navbar.module.css';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { USER_TYPE, type UserType } from '@medida/contracts/constants';
import { CLIENT_NAV, MAIN_NAV, UI_KIT_NAV, type NavItem } from './nav-items.ts';

interface AppNavbarProps {
  userType: UserType | undefined;
  /** Closes the drawer on phones after a choice. */
  onNavigate: () => void;
}

function NavSection({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return items.map(({ to, labelKey, icon: Icon }) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={t(labelKey)}
      leftSection={<Icon size={20} stroke={1.6} />}
      active={pathname === to || pathname.startsWith(`${to}/`)}
      onClick={onNavigate}
      data-testid={`nav-${to.slice(1)}`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  ));
}

export function AppNavbar({ userType, onNavigate }: AppNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = userType === USER_TYPE.client ? CLIENT_NAV : MAIN_NAV;
  return (
    // classes.navbar: on a phone, room at its foot for the floating chat button (issue 30 item 14).
    <AppShell.Navbar p="sm" className={classes.navbar} data-testid="sidebar" aria-label={t('nav.label')}>
      {/* The browser's own scrolling, not ScrollArea: its code (and the scroll lock's, in the same chunk) stays off the
          dashboard's first screen (decision 215). */}
      <AppShell.Section grow className={classes.links}>
        <NavSection items={main} onNavigate={onNavigate} />
      </AppShell.Section>
      {/* The UI-kit pages keep their routes but leave the main navigation; clients never see them. */}
      {userType === USER_TYPE.professional && (
        <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <NavLink
            label={t('nav.designSystem')}
            leftSection={<IconPalette size={18} stroke={1.6} />}
            defaultOpened={UI_KIT_NAV.some((item) => pathname === item.to)}
            data-testid="nav-design-system"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <NavSection items={UI_KIT_NAV} onNavigate={onNavigate} />
          </NavLink>
        </AppShell.Section>
      )}
    </AppShell.Navbar>
  );
}
