import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuilding,
  IconChartBar,
  IconClipboardHeart,
  IconCursorText,
  IconFiles,
  IconIcons,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconNetwork,
  IconPalette,
  IconSquareRoundedPlus,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

export interface NavItem {
  to: string;
  /** Translation key of the label. */
  labelKey: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/** The professional's navigation (spec §2). */
export const MAIN_NAV: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
  { to: paths.clients, labelKey: 'nav.clients', icon: IconUsers },
  { to: paths.network, labelKey: 'nav.network', icon: IconNetwork },
  { to: paths.companies, labelKey: 'nav.companies', icon: IconBuilding },
  { to: paths.evaluations, labelKey: 'nav.evaluations', icon: IconClipboardHeart },
  { to: paths.charts, labelKey: 'nav.charts', icon: IconChartBar },
  { to: paths.widgets, labelKey: 'nav.widgets', icon: IconLayoutGrid },
];

/** The client portal (type 2, issue 15): its evaluations, its documents, its profile; nothing else. */
export const CLIENT_NAV: NavItem[] = [
  { to: paths.evaluations, labelKey: 'portal.nav.evaluations', icon: IconClipboardHeart },
  { to: paths.myDocuments, labelKey: 'portal.nav.documents', icon: IconFiles },
  { to: paths.myProfile, labelKey: 'portal.nav.profile', icon: IconUserCircle },
];

/** The UI-kit reference pages of the spec's route table: reached from the sidebar's "Design system" link. */
export const UI_KIT_NAV: NavItem[] = [
  { to: paths.theme, labelKey: 'nav.theme', icon: IconPalette },
  { to: paths.base, labelKey: 'nav.base', icon: IconCursorText },
  { to: paths.buttons, labelKey: 'nav.buttons', icon: IconSquareRoundedPlus },
  { to: paths.icons, labelKey: 'nav.icons', icon: IconIcons },
  { to: paths.notifications, labelKey: 'nav.notifications', icon: IconBell },
];
