import { Anchor, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedUser } from '@medida/contracts';
import { formatNationalId } from '@medida/contracts';
import {
  PeopleCards,
  PeopleTable,
  personName,
  type PeopleColumn,
  type PeopleListKind,
  type PeopleSelection,
} from '../people/index.ts';
import { paths } from '../../config/paths.ts';

const CLIENTS: PeopleListKind = {
  testId: 'client',
  editModal: 'editClient',
  avatarColor: 'medida',
  name: (client) => (
    <Anchor component={Link} to={paths.client(client.id_usuario)} fw={600} size="sm" data-testid="client-link">
      {personName(client)}
    </Anchor>
  ),
};

/** Desktop: a table. Phones get ClientCards instead (one card per client). */
export function ClientsTable({ clients, selection }: { clients: ManagedUser[]; selection?: PeopleSelection }) {
  const { t } = useTranslation();
  const columns: PeopleColumn[] = [
    {
      header: t('fields.rut'),
      cell: (c) => (c.profile.rut ? formatNationalId(c.profile.rut) : '—'),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { header: t('fields.telefono'), cell: (c) => c.profile.telefono ?? '—' },
    { header: t('fields.company'), cell: (c) => c.company?.name ?? '—' },
  ];
  return <PeopleTable people={clients} kind={CLIENTS} columns={columns} selection={selection} />;
}

export function ClientCards({ clients, selection }: { clients: ManagedUser[]; selection?: PeopleSelection }) {
  return (
    <PeopleCards
      people={clients}
      kind={CLIENTS}
      selection={selection}
      badges={(client) => (
        <>
          {client.profile.rut && (
            <Badge variant="outline" color="gray">
              {formatNationalId(client.profile.rut)}
            </Badge>
          )}
          {client.company && (
            <Badge variant="outline" color="gray">
              {client.company.name}
            </Badge>
          )}
        </>
      )}
    />
  );
}
