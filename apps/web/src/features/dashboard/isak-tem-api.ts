import { isakTemResponseSchema, USER_TYPE } from '@medida/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { useSessionUser } from '../../lib/session.ts';
import { dashboardKeys } from './dashboard-api.ts';

/** Under the dashboard's keys: saving an evaluation refreshes it with the dashboard's figures. */
export const isakTemKeys = {
  mine: (userId: number) => [...dashboardKeys.all, 'isak-tem', userId] as const,
};

/** GET /web/isak/tem: the signed-in professional's own TEM per month over its ISAK profiles (decision 198). */
export function useIsakTem() {
  const user = useSessionUser().data;
  return useQuery({
    queryKey: isakTemKeys.mine(user?.id ?? 0),
    queryFn: ({ signal }) => apiRequest('/web/isak/tem', { schema: isakTemResponseSchema, signal }).then((r) => r.data),
    enabled: user !== undefined && user.type === USER_TYPE.professional,
  });
}
