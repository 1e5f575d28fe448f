import type { ReactNode } from 'react';
import { USER_TYPE } from '@medida/contracts';
import { useSessionUser } from '../../lib/session.ts';

/**
 * One path, two screens: a client (type 2) gets its portal's version (issue 15). Rendered inside the
 * main layout, which shows its outlet only once the session user is known.
 */
export function ByUserType({ professional, client }: { professional: ReactNode; client: ReactNode }) {
  return useSessionUser().data?.type === USER_TYPE.client ? client : professional;
}
