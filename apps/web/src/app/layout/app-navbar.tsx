import { AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { USER_TYPE } from '@medida/contracts';
import { MAIN_NAV, UI_KIT_NAV, type NavItem } from './nav-items.ts';

interface AppNavbarProps {
  userType: 1 | 2 | undefined;
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
  const main = MAIN_NAV.filter((item) => !(item.professionalOnly && userType === USER_TYPE.client));
  return (
    <AppShell.Navbar p="sm" data-testid="sidebar" aria-label={t('nav.label')}>
      <AppShell.Section grow component={ScrollArea}>
        <NavSection items={main} onNavigate={onNavigate} />
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="lg" mb={4} px="sm">
          {t('nav.uiKit')}
        </Text>
        <NavSection items={UI_KIT_NAV} onNavigate={onNavigate} />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
