import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@medida/contracts';
import { especialidadKey } from '../../lib/especialidades.ts';
import {
  PeopleCards,
  PeopleTable,
  type PeopleColumn,
  type PeopleListKind,
  type PeopleSelection,
} from '../people/index.ts';

const NETWORK: PeopleListKind = { testId: 'network', editModal: 'editNetworkUser', avatarColor: 'grape' };

function useLabels() {
  const { t } = useTranslation();
  return {
    especialidad: (user: ManagedUser) => {
      const value = user.profile.especialidad;
      return value ? t(especialidadKey(value) ?? '', { defaultValue: value }) : '—';
    },
    trabajo: (user: ManagedUser) => {
      const { trabajo, empresa } = user.profile;
      if (!trabajo) return '—';
      return trabajo === 'Dependiente' && empresa
        ? t('people.network.dependienteAt', { empresa })
        : t(`trabajo.${trabajo}`);
    },
  };
}

export function NetworkTable({ users, selection }: { users: ManagedUser[]; selection?: PeopleSelection }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const columns: PeopleColumn[] = [
    { header: t('fields.especialidad'), cell: labels.especialidad },
    { header: t('fields.trabajo'), cell: labels.trabajo, td: { 'data-testid': 'network-trabajo' } },
    { header: t('fields.telefono'), cell: (user) => user.profile.telefono ?? '—' },
  ];
  return <PeopleTable people={users} kind={NETWORK} columns={columns} selection={selection} />;
}

export function NetworkCards({ users, selection }: { users: ManagedUser[]; selection?: PeopleSelection }) {
  const labels = useLabels();
  return (
    <PeopleCards
      people={users}
      kind={NETWORK}
      selection={selection}
      details={(user) => (
        <Text size="sm" mt="xs">
          {labels.especialidad(user)} · {labels.trabajo(user)}
        </Text>
      )}
    />
  );
}
