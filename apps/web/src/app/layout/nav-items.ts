import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuilding,
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
import { paths } from '../../config/paths.ts';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  labelKey: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Clients (type 2) never see these (spec §2, §6). */
  professionalOnly?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard', icon: IconLayoutDashboard, professionalOnly: true },
  { to: paths.clients, labelKey: 'nav.clients', icon: IconUsers, professionalOnly: true },
  { to: paths.network, labelKey: 'nav.network', icon: IconNetwork, professionalOnly: true },
  { to: paths.companies, labelKey: 'nav.companies', icon: IconBuilding, professionalOnly: true },
  { to: paths.evaluations, labelKey: 'nav.evaluations', icon: IconClipboardHeart },
  { to: paths.charts, labelKey: 'nav.charts', icon: IconChartBar, professionalOnly: true },
  { to: paths.widgets, labelKey: 'nav.widgets', icon: IconLayoutGrid, professionalOnly: true },
];

/** The UI-kit reference pages of the spec's route table: reached from the sidebar's "Design system" link. */
export const UI_KIT_NAV: NavItem[] = [
  { to: paths.theme, labelKey: 'nav.theme', icon: IconPalette },
  { to: paths.base, labelKey: 'nav.base', icon: IconCursorText },
  { to: paths.buttons, labelKey: 'nav.buttons', icon: IconSquareRoundedPlus },
  { to: paths.icons, labelKey: 'nav.icons', icon: IconIcons },
  { to: paths.notifications, labelKey: 'nav.notifications', icon: IconBell },
];
