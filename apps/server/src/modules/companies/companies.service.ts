import type { CreateCompanyBody, ManagedCompany, UpdateCompanyBody } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCompaniesRepository } from './companies.repository.ts';

type ManagedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createCompaniesRepository>['findManaged']>>>;

const toManaged = (row: ManagedRow): ManagedCompany => ({
  id: row.id,
  name: row.name,
  tax_id: row.tax_id,
  archived: row.archived_at !== null,
  clients: Number(row.clients),
});

const nameTaken = () => fieldError('name', 'validation.companyNameTaken');

/**
 * Companies (decision 112): every account uses the default company 9 and its partner's; its own are
 * created, renamed and archived by its professionals. Another account's company is "not found".
 */
export function createCompaniesService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createCompaniesRepository(deps.db);

  async function requireManaged(actorId: number, companyId: number) {
    const row = await repo.findManaged(actorId, companyId);
    if (!row) throw notFound();
    return toManaged(row);
  }

  return {
    listAssignable: (actorId: number) => repo.listAssignable(actorId),
    /** A client may be put in this company by the actor (people module: create and edit). */
    isAssignable: (actorId: number, companyId: number) => repo.isAssignable(actorId, companyId),
    partnerCompanyId: (variantSlug: string) => repo.partnerCompanyId(variantSlug),

    listManaged: async (actorId: number) => (await repo.listManaged(actorId)).map(toManaged),

    async create(actorId: number, body: CreateCompanyBody) {
      if (await repo.nameTaken(actorId, body.name)) throw nameTaken();
      const { id } = await repo.insert(actorId, {
        name: body.name,
        tax_id: body.tax_id ?? null,
        now: deps.clock.now(),
      });
      return requireManaged(actorId, id);
    },

    async update(actorId: number, companyId: number, body: UpdateCompanyBody) {
      await requireManaged(actorId, companyId);
      if (body.name !== undefined && (await repo.nameTaken(actorId, body.name, companyId))) throw nameTaken();
      const patch: { name?: string; tax_id?: string | null; archived_at?: Date | null } = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.tax_id !== undefined) patch.tax_id = body.tax_id;
      if (body.archived !== undefined) patch.archived_at = body.archived ? deps.clock.now() : null;
      if (Object.keys(patch).length > 0 && !(await repo.update(actorId, companyId, patch))) throw notFound();
      return requireManaged(actorId, companyId);
    },
  };
}
