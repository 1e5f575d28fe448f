import { Anchor, Badge, Button, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconClipboardHeart, IconClipboardPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dayjs } from '../../lib/dates-locale.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedUser } from '@medida/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { RegionCard } from '../../components/region-card.tsx';
import { useSessionUser } from '../../lib/session.ts';
import { EvaluationListDownload } from './evaluation-list-download.tsx';
import { fetchEvaluations } from './evaluations-api.ts';
import { evaluationKeys } from './evaluation-queries.ts';
import { NO_FILTERS } from './list/evaluation-filters.tsx';
import { evaluationWizard, type WizardClient } from './wizard-store.ts';
import { paths } from '../../config/paths.ts';

const CLIENT_PAGE = 50;

/** The wizard's view of a client from the people API. */
function wizardClientOf(user: ManagedUser): WizardClient {
  const p = user.profile;
  return {
    id_usuario: user.id_usuario,
    nombre: p.nombre,
    apellido: p.apellido,
    email: p.email,
    rut: p.rut,
    nacimiento: p.nacimiento,
    sexo: p.sexo,
  };
}

/** Opens the wizard with this client already chosen (spec §2). */
export function NewEvaluationForClientButton({ client }: { client: ManagedUser }) {
  const { t } = useTranslation();
  return (
    <Button
      leftSection={<IconClipboardPlus size={18} />}
      onClick={() => evaluationWizard.open(wizardClientOf(client))}
      data-testid="client-new-evaluation"
    >
      {t('evaluations.clientSection.new')}
    </Button>
  );
}

/** One client's evaluations, newest first (the list endpoint's id_evaluado filter). */
function useClientEvaluations(client: ManagedUser) {
  const user = useSessionUser().data;
  return useQuery({
    queryKey: evaluationKeys.clientList(user?.id ?? 0, client.id_usuario, CLIENT_PAGE),
    queryFn: ({ signal }) =>
      fetchEvaluations(
        {
          userId: user!.id,
          userType: user!.type,
          page: 1,
          limit: CLIENT_PAGE,
          filters: NO_FILTERS,
          clientId: client.id_usuario,
        },
        signal,
      ),
    enabled: user !== undefined,
    select: (res) => res.datos,
  });
}

export function ClientEvaluationsSection({ client }: { client: ManagedUser }) {
  const { t } = useTranslation();
  const query = useClientEvaluations(client);
  const items = query.data ?? [];
  const titleId = useId();
  return (
    // A region named by its title, as the page's other sections (decision 180).
    <RegionCard labelledBy={titleId} data-testid="client-evaluations">
      {/* The page header already has "New evaluation"; the empty state repeats it where the eye is. */}
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={4} id={titleId}>
          {t('evaluations.clientSection.title')}
        </Title>
        {items.length > 0 && <EvaluationListDownload clientId={client.id_usuario} hint="client" />}
      </Group>
      {query.isPending ? (
        <Skeleton h={80} radius="md" />
      ) : items.length === 0 ? (
        <EmptyState
          withBorder={false}
          icon={<IconClipboardHeart size={32} />}
          title={t('evaluations.clientSection.emptyTitle')}
          description={t('evaluations.clientSection.emptyText')}
        >
          <NewEvaluationForClientButton client={client} />
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="client-evaluations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('evaluations.list.date')}</Table.Th>
                <Table.Th>{t('evaluations.list.method')}</Table.Th>
                <Table.Th>{t('evaluations.list.evaluator')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.id} data-testid="client-evaluation-row" data-id={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={paths.evaluation(e.id)} size="sm" fw={600}>
                      {dayjs(e.fecha).format('D MMM YYYY')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      {t(`evaluations.types.${e.evaluation_type}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{`${e.evaluator.nombre} ${e.evaluator.apellido}`}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </RegionCard>
  );
}
