import type { Language } from '@medida/contracts';
import type { Actor, AppDeps } from '../../types.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { fhirBundle } from './fhir-bundle.ts';

/**
 * A client's FHIR R4 bundle (decision 226). Every read goes through the owning module's service with the actor's
 * own scope, as the data export does: the bundle holds exactly what the actor may already see.
 */
export function createFhirService(deps: AppDeps) {
  const people = createPeopleService(deps);
  const evaluations = createEvaluationsService(deps);
  const users = createUserRecordsService(deps.db);

  return {
    /** GET /web/clients/:id/fhir: a client the actor may see (its professionals, the client itself), else 404. */
    async clientBundle(actor: Actor, clientId: number, lang: Language) {
      const client = await users.findVisibleClient(actor.userId, clientId);
      const { profile } = await people.get({ actorId: actor.userId, userId: client.id });
      const details = [];
      for (const evaluationId of await evaluations.idsOfClient({ actor, clientId: client.id }))
        details.push(await evaluations.get({ actor, evaluationId }));
      return fhirBundle({ client: { id: client.id, ...profile }, evaluations: details, lang });
    },
  };
}
