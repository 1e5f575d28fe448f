import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand.tsx';
import { IconDotsVertical, IconEye, IconMail, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EvaluationListItem } from '@medida/contracts';
import { formatNationalId } from '@medida/contracts';
import { useConfirmDeleteEvaluation } from '../evaluation-actions.tsx';
import { useSendReportDialog } from '../send-report-dialog.ts';
import { paths } from '../../../config/paths.ts';

const clientName = (e: EvaluationListItem) => `${e.client.nombre} ${e.client.apellido}`.trim();

/** Spec §6: an evaluation created by the current user is marked as such. */
function MineMark({ item }: { item: EvaluationListItem }) {
  const { t } = useTranslation();
  if (!item.created_by_me) return null;
  return (
    <TooltipOnDemand label={t('evaluations.list.mineHint')}>
      <Badge
        size="sm"
        variant="light"
        color="teal"
        leftSection={<IconUserCheck size={12} />}
        data-testid="evaluation-mine"
      >
        {t('evaluations.list.mine')}
      </Badge>
    </TooltipOnDemand>
  );
}

function RowActions({ item, canManage }: { item: EvaluationListItem; canManage: boolean }) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDeleteEvaluation();
  const openSend = useSendReportDialog();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('evaluations.list.actions', { name: clientName(item) })}
          data-testid="evaluation-actions"
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={paths.evaluation(item.id)}
          leftSection={<IconEye size={16} />}
          data-testid="evaluation-view"
        >
          {t('evaluations.list.view')}
        </Menu.Item>
        {canManage && (
          <Menu.Item
            leftSection={<IconMail size={16} />}
            onClick={() => openSend({ id: item.id, email: item.client.email })}
            data-testid="evaluation-send"
          >
            {t('evaluations.send.action')}
          </Menu.Item>
        )}
        {canManage && item.created_by_me && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              // A red item's text is red.6 (3.9:1 on white): the theme's readable red instead (issue 30 item 15).
              c="var(--mantine-color-red-text)"
              leftSection={<IconTrash size={16} />}
              onClick={() => confirmDelete({ id: item.id, clientName: clientName(item) })}
              data-testid="evaluation-delete"
            >
              {t('common.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface ListProps {
  items: EvaluationListItem[];
  showCompany: boolean;
  /** Professionals send and delete; a client (type 2) only reads. */
  canManage: boolean;
}

/** Desktop: a table. Phones get EvaluationCards instead. */
export function EvaluationsTable({ items, showCompany, canManage }: ListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="evaluations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('evaluations.list.date')}</Table.Th>
            <Table.Th>{t('evaluations.list.client')}</Table.Th>
            <Table.Th>{t('fields.rut')}</Table.Th>
            {showCompany && <Table.Th data-testid="company-column">{t('fields.company')}</Table.Th>}
            <Table.Th>{t('evaluations.list.method')}</Table.Th>
            <Table.Th>{t('evaluations.list.evaluator')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('evaluations.list.actionsColumn')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="evaluation-row" data-id={item.id} data-email={item.client.email}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(item.fecha).format('D MMM YYYY')}</Table.Td>
              <Table.Td>
                <Stack gap={0} miw={0}>
                  <Anchor
                    component={Link}
                    to={paths.evaluation(item.id)}
                    fw={600}
                    size="sm"
                    data-testid="evaluation-link"
                  >
                    {clientName(item)}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {item.client.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {item.client.rut ? formatNationalId(item.client.rut) : '—'}
              </Table.Td>
              {showCompany && <Table.Td>{item.client.company?.name ?? '—'}</Table.Td>}
              <Table.Td>
                <Badge variant="light" color="gray">
                  {t(`evaluations.types.${item.evaluation_type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{`${item.evaluator.nombre} ${item.evaluator.apellido}`}</Text>
                  <MineMark item={item} />
                </Group>
              </Table.Td>
              <Table.Td>
                <RowActions item={item} canManage={canManage} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function EvaluationCards({ items, showCompany, canManage }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <Card
          key={item.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid="evaluation-row"
          data-id={item.id}
          data-email={item.client.email}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={paths.evaluation(item.id)} fw={600} size="sm" data-testid="evaluation-link">
                {clientName(item)}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {dayjs(item.fecha).format('D MMM YYYY')} · {item.client.email}
              </Text>
            </Stack>
            <RowActions item={item} canManage={canManage} />
          </Group>
          <Group gap="xs" mt="xs">
            <Badge variant="light" color="gray">
              {t(`evaluations.types.${item.evaluation_type}`)}
            </Badge>
            {item.client.rut && (
              <Badge variant="outline" color="gray">
                {formatNationalId(item.client.rut)}
              </Badge>
            )}
            {showCompany && item.client.company && (
              <Badge variant="outline" color="gray">
                {item.client.company.name}
              </Badge>
            )}
            <MineMark item={item} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
