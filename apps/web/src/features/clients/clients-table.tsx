import { Anchor, Avatar, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedUser } from '@medida/contracts';
import { formatRut, initials, PersonActionsMenu, peopleModals, personName, useConfirmDelete } from '../people/index.ts';

function useRowActions() {
  const confirmDelete = useConfirmDelete();
  return (client: ManagedUser) => ({
    name: personName(client),
    onEdit: () => peopleModals.open({ kind: 'editClient', userId: client.id_usuario }),
    onCredits: () => peopleModals.open({ kind: 'credits', userId: client.id_usuario }),
    onDelete: () => confirmDelete({ id: client.id_usuario, name: personName(client) }),
  });
}

function NameCell({ client }: { client: ManagedUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" color="medida" size={36}>
        {initials(client)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/users/${client.id_usuario}`} fw={600} size="sm" data-testid="client-link">
          {personName(client)}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {client.profile.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** Desktop: a table. Phones get ClientCards instead (one card per client). */
export function ClientsTable({ clients }: { clients: ManagedUser[] }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.columns.name')}</Table.Th>
            <Table.Th>{t('fields.rut')}</Table.Th>
            <Table.Th>{t('fields.telefono')}</Table.Th>
            <Table.Th>{t('fields.company')}</Table.Th>
            <Table.Th ta="right">{t('people.columns.credits')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('people.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id_usuario} data-testid="client-row" data-email={client.profile.email}>
              <Table.Td>
                <NameCell client={client} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{client.profile.rut ? formatRut(client.profile.rut) : '—'}</Table.Td>
              <Table.Td>{client.profile.telefono ?? '—'}</Table.Td>
              <Table.Td>{client.company?.name ?? '—'}</Table.Td>
              <Table.Td ta="right">
                <Badge variant="light" color="yellow" data-testid="client-credits">
                  {client.creditos}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PersonActionsMenu {...actions(client)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ClientCards({ clients }: { clients: ManagedUser[] }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  return (
    <Stack gap="sm">
      {clients.map((client) => (
        <Card key={client.id_usuario} withBorder radius="md" padding="sm" data-testid="client-row" data-email={client.profile.email}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <NameCell client={client} />
            <PersonActionsMenu {...actions(client)} />
          </Group>
          <Group gap="xs" mt="xs">
            {client.profile.rut && (
              <Badge variant="outline" color="gray">
                {formatRut(client.profile.rut)}
              </Badge>
            )}
            {client.company && (
              <Badge variant="outline" color="gray">
                {client.company.name}
              </Badge>
            )}
            <Badge variant="light" color="yellow">
              {t('people.creditsCount', { count: client.creditos })}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
