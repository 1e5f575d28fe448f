import type { ComponentProps, ReactNode } from 'react';
import { Avatar, Badge, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@medida/contracts';
import { openChatWith } from '../chat/index.ts';
import { useConfirmDelete } from './confirm-delete.tsx';
import { peopleModals } from './people-modal-store.ts';
import { PersonActionsMenu } from './person-actions-menu.tsx';
import { initials, personName } from './person-name.ts';
import type { PeopleSelection } from './people-selection.tsx';

/** What sets the clients list and the network list apart; the rest of the two lists is this file. */
export interface PeopleListKind {
  /** Prefix of the row's and the credits badge's test ids: `<testId>-row`, `<testId>-credits`. */
  testId: string;
  /** The people modal the row's "Edit" opens. */
  editModal: 'editClient' | 'editNetworkUser';
  avatarColor: string;
  /** The person's name; plain text unless the feature links it. */
  name?: (person: ManagedUser) => ReactNode;
}

/** A table column between the name and the credits. */
export interface PeopleColumn {
  header: string;
  cell: (person: ManagedUser) => ReactNode;
  td?: ComponentProps<typeof Table.Td> & { 'data-testid'?: string };
}

function useRowActions(editModal: PeopleListKind['editModal']) {
  const confirmDelete = useConfirmDelete();
  return (person: ManagedUser) => ({
    name: personName(person),
    onEdit: () => peopleModals.open({ kind: editModal, userId: person.id_usuario }),
    onCredits: () => peopleModals.open({ kind: 'credits', userId: person.id_usuario }),
    onDelete: () => confirmDelete({ id: person.id_usuario, name: personName(person) }),
    onMessage: () => openChatWith(person.id_usuario),
  });
}

function NameCell({ person, kind }: { person: ManagedUser; kind: PeopleListKind }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" color={kind.avatarColor} size={36} src={person.profile.img_url || null} alt="">
        {initials(person)}
      </Avatar>
      <Stack gap={0} miw={0}>
        {kind.name ? (
          kind.name(person)
        ) : (
          <Text fw={600} size="sm">
            {personName(person)}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate="end">
          {person.profile.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** A row's checkbox, named after the person for screen readers. */
function SelectBox({ person, selection }: { person: ManagedUser; selection: PeopleSelection }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('handover.selectPerson', { name: personName(person) })}
      checked={selection.selected.has(person.id_usuario)}
      onChange={() => selection.toggle(person.id_usuario)}
      data-testid="select-person"
    />
  );
}

/**
 * Desktop: name, the feature's columns, credits and the actions menu. Phones get PeopleCards instead.
 * With `selection`, a first column of checkboxes (the header one chooses every row shown).
 */
export function PeopleTable({
  people,
  kind,
  columns,
  selection,
}: {
  people: ManagedUser[];
  kind: PeopleListKind;
  columns: PeopleColumn[];
  selection?: PeopleSelection | undefined;
}) {
  const { t } = useTranslation();
  const actions = useRowActions(kind.editModal);
  const shown = people.map((p) => p.id_usuario);
  const chosen = shown.filter((id) => selection?.selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('handover.selectAllShown')}
                  checked={chosen > 0 && chosen === shown.length}
                  indeterminate={chosen > 0 && chosen < shown.length}
                  onChange={() => selection.setMany(shown, chosen < shown.length)}
                  data-testid="select-all-people"
                />
              </Table.Th>
            )}
            <Table.Th>{t('people.columns.name')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th ta="right">{t('people.columns.credits')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('people.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id_usuario} data-testid={`${kind.testId}-row`} data-email={person.profile.email}>
              {selection && (
                <Table.Td>
                  <SelectBox person={person} selection={selection} />
                </Table.Td>
              )}
              <Table.Td>
                <NameCell person={person} kind={kind} />
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.header} {...column.td}>
                  {column.cell(person)}
                </Table.Td>
              ))}
              <Table.Td ta="right">
                <Badge variant="light" color="yellow" data-testid={`${kind.testId}-credits`}>
                  {person.creditos}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PersonActionsMenu {...actions(person)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface PeopleCardsProps {
  people: ManagedUser[];
  kind: PeopleListKind;
  /** A line under the name. */
  details?: (person: ManagedUser) => ReactNode;
  /** Badges before the credits badge. */
  badges?: (person: ManagedUser) => ReactNode;
  selection?: PeopleSelection | undefined;
}

/** Phones: one card per person, with the same actions menu as the table. */
export function PeopleCards({ people, kind, details, badges, selection }: PeopleCardsProps) {
  const { t } = useTranslation();
  const actions = useRowActions(kind.editModal);
  return (
    <Stack gap="sm">
      {people.map((person) => (
        <Card
          key={person.id_usuario}
          withBorder
          radius="md"
          padding="sm"
          data-testid={`${kind.testId}-row`}
          data-email={person.profile.email}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {selection && <SelectBox person={person} selection={selection} />}
              <NameCell person={person} kind={kind} />
            </Group>
            <PersonActionsMenu {...actions(person)} />
          </Group>
          {details?.(person)}
          <Group gap="xs" mt="xs">
            {badges?.(person)}
            <Badge variant="light" color="yellow">
              {t('people.creditsCount', { count: person.creditos })}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
