import type { ManagedUser } from '@medida/contracts';
import { personProfileFields } from '../../lib/person-profile.ts';
import type { ManagedRow } from './people.repository.ts';

// The one place that translates a stored person into the wire shape (decision 090): columns such as
// `company_id`/`company_name` and the joined location names become the spec's `company` and `profile`.

/** A managed user (client or network professional) as the lists and the detail return it. */
export function toManagedUser(row: ManagedRow): ManagedUser {
  return {
    id_usuario: row.id,
    type: row.type,
    parent_user_id: row.parent_user_id,
    creditos: row.creditos,
    company:
      row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    created_at: row.created_at.toISOString(),
    profile: {
      ...personProfileFields(row),
      pais: row.pais,
      region: row.region,
      comuna: row.comuna,
      trabajo: row.trabajo === 'Dependiente' || row.trabajo === 'Independiente' ? row.trabajo : null,
    },
  };
}
