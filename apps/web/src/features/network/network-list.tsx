import { Avatar, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@medida/contracts';
import { especialidadKey } from '../../lib/especialidades.ts';
import { initials, PersonActionsMenu, peopleModals, personName, useConfirmDelete } from '../people/index.ts';

function useRowActions() {
  const confirmDelete = useConfirmDelete();
  return (user: ManagedUser) => ({
    name: personName(user),
    onEdit: () => peopleModals.open({ kind: 'editNetworkUser', userId: user.id_usuario }),
    onCredits: () => peopleModals.open({ kind: 'credits', userId: user.id_usuario }),
    onDelete: () => confirmDelete({ id: user.id_usuario, name: personName(user) }),
  });
}

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
      return trabajo === 'Dependiente' && empresa ? t('people.network.dependienteAt', { empresa }) : t(`trabajo.${trabajo}`);
    },
  };
}

function NameCell({ user }: { user: ManagedUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" color="grape" size={36}>
        {initials(user)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm">
          {personName(user)}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {user.profile.email}
        </Text>
      </Stack>
    </Group>
  );
}

export function NetworkTable({ users }: { users: ManagedUser[] }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  const labels = useLabels();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.columns.name')}</Table.Th>
            <Table.Th>{t('fields.especialidad')}</Table.Th>
            <Table.Th>{t('fields.trabajo')}</Table.Th>
            <Table.Th>{t('fields.telefono')}</Table.Th>
            <Table.Th ta="right">{t('people.columns.credits')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('people.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id_usuario} data-testid="network-row" data-email={user.profile.email}>
              <Table.Td>
                <NameCell user={user} />
              </Table.Td>
              <Table.Td>{labels.especialidad(user)}</Table.Td>
              <Table.Td data-testid="network-trabajo">{labels.trabajo(user)}</Table.Td>
              <Table.Td>{user.profile.telefono ?? '—'}</Table.Td>
              <Table.Td ta="right">
                <Badge variant="light" color="yellow" data-testid="network-credits">
                  {user.creditos}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PersonActionsMenu {...actions(user)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function NetworkCards({ users }: { users: ManagedUser[] }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  const labels = useLabels();
  return (
    <Stack gap="sm">
      {users.map((user) => (
        <Card key={user.id_usuario} withBorder radius="md" padding="sm" data-testid="network-row" data-email={user.profile.email}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <NameCell user={user} />
            <PersonActionsMenu {...actions(user)} />
          </Group>
          <Text size="sm" mt="xs">
            {labels.especialidad(user)} · {labels.trabajo(user)}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge variant="light" color="yellow">
              {t('people.creditsCount', { count: user.creditos })}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
