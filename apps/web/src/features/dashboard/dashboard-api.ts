import {
  chartsResponseSchema,
  dashboardSettingsResponseSchema,
  getDashResponseSchema,
  USER_TYPE,
  type DashboardSettings,
} from '@medida/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { useSessionUser } from '../../lib/session.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  dash: (userId: number) => ['dashboard', userId] as const,
};

/** GET /web/getdash with the session user's id and type (spec §7); the server decides from the session. */
export function useDashboard() {
  const user = useSessionUser().data;
  return useQuery({
    queryKey: dashboardKeys.dash(user?.id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/web/getdash', {
        query: { id_usuario: user!.id, type: user!.type },
        schema: getDashResponseSchema,
        signal,
      }).then((res) => res.data),
    enabled: user !== undefined && user.type === USER_TYPE.professional,
  });
}

export const settingsKeys = { all: ['dashboard-settings'] as const };

export const fetchDashboardSettings = (signal?: AbortSignal) =>
  apiRequest('/web/dashboard/settings', { schema: dashboardSettingsResponseSchema, signal }).then((r) => r.settings);

export const saveDashboardSettings = (settings: DashboardSettings) =>
  apiRequest('/web/dashboard/settings', {
    method: 'PUT',
    body: settings,
    schema: dashboardSettingsResponseSchema,
  }).then((r) => r.settings);

export interface ChartsFilters {
  company: string;
  from: string;
  to: string;
  sexo: string;
}

const chartsKeys = { filtered: (f: ChartsFilters) => ['charts', f] as const };

/** GET /web/charts: empty filters are left out. */
export function useCharts(filters: ChartsFilters) {
  return useQuery({
    queryKey: chartsKeys.filtered(filters),
    queryFn: ({ signal }) =>
      apiRequest('/web/charts', {
        query: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')),
        schema: chartsResponseSchema,
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}
