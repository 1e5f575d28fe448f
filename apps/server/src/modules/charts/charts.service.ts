import type { Charts } from '@medida/contracts';
import { requireProfessional } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createChartsRepository, type ChartsFilter } from './charts.repository.ts';

/** GET /web/charts (decision 115): the actor's own tree; clients (type 2) get 403. */
export function createChartsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createChartsRepository(deps.db);

  return {
    async get(filter: ChartsFilter): Promise<Charts> {
      const actor = await createUserRecordsService(deps.db).findLiveNode(filter.actorId);
      if (!actor) throw notFound();
      requireProfessional(actor.type);
      // Independent reads: in parallel on a PostgreSQL pool.
      const [totals, bmi, fat, monthly, improving] = await Promise.all([
        repo.totals(filter),
        repo.categories(filter, 'bmi_category'),
        repo.categories(filter, 'fat_category'),
        repo.monthly(filter),
        repo.improving(filter),
      ]);
      return {
        ...totals,
        bmi_categories: bmi,
        fat_categories: fat,
        monthly,
        improving: {
          ...improving,
          share: improving.compared > 0 ? improving.improved / improving.compared : null,
        },
      };
    },
  };
}
