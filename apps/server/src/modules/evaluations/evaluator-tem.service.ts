import type { IsakTem } from '@medida/contracts';
import { ISAK_TEM_LIMITS, evaluatorTemByMonth } from '@medida/domain';
import { requireProfessional } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createEvaluationsRepository } from './evaluations.repository.ts';

/** Months of profiles the evaluator's precision is shown over. */
const MONTHS_SHOWN = 24;

/** GET /web/isak/tem (issue 31 A.3, decision 199): the professional's own precision over its own ISAK profiles. */
export function createEvaluatorTemService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createEvaluationsRepository(deps.db);
  return {
    async forEvaluator(actorId: number): Promise<IsakTem> {
      const actor = await createUserRecordsService(deps.db).findLiveNode(actorId);
      if (!actor) throw notFound();
      requireProfessional(actor.type);
      const now = deps.clock.now();
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_SHOWN - 1), 1));
      const rows = await repo.isakSessionsOf(actorId, since.toISOString().slice(0, 10));
      return {
        months: evaluatorTemByMonth(rows.map((r) => ({ date: r.evaluated_on, sites: r.sites }))),
        limits: ISAK_TEM_LIMITS,
      };
    },
  };
}
