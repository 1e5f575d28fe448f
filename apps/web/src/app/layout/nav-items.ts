import type { ComponentType } from 'react';
import {
  IconBell,
  IconChartBar,
  IconClipboardHeart,
  IconCursorText,
  IconIcons,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconNetwork,
  IconPalette,
  IconSquareRoundedPlus,
  IconUsers,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  labelKey: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Clients (type 2) never see these (spec §2, §6). */
  professionalOnly?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, professionalOnly: true },
  { to: '/users', labelKey: 'nav.clients', icon: IconUsers, professionalOnly: true },
  { to: '/networkusers', labelKey: 'nav.network', icon: IconNetwork, professionalOnly: true },
  { to: '/evaluations', labelKey: 'nav.evaluations', icon: IconClipboardHeart },
  { to: '/charts', labelKey: 'nav.charts', icon: IconChartBar, professionalOnly: true },
  { to: '/widgets', labelKey: 'nav.widgets', icon: IconLayoutGrid, professionalOnly: true },
];

/** The UI-kit reference pages of the spec's route table: reached from the sidebar's "Design system" link. */
export const UI_KIT_NAV: NavItem[] = [
  { to: '/theme', labelKey: 'nav.theme', icon: IconPalette },
  { to: '/base', labelKey: 'nav.base', icon: IconCursorText },
  { to: '/buttons', labelKey: 'nav.buttons', icon: IconSquareRoundedPlus },
  { to: '/icons', labelKey: 'nav.icons', icon: IconIcons },
  { to: '/notifications', labelKey: 'nav.notifications', icon: IconBell },
];
