import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCoins, IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { dayjs } from '../../lib/dates-locale.ts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Attachment, ManagedUser } from '@medida/contracts';
import { formatNationalId } from '@medida/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LabeledValue } from '../../components/labeled-value.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { RegionCard } from '../../components/region-card.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { ageInYears } from '../../lib/birth-date.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { ClientEvaluationsSection, NewEvaluationForClientButton } from '../evaluations/index.ts';
import { initials, peopleModals, personName, useConfirmDelete, useManagedUser } from '../people/index.ts';
import { AttachmentList } from './attachment-list.tsx';
import { MessageButton } from '../chat/index.ts';
import { PortalAccessCard } from './portal-access-card.tsx';
import { ExportDataCard } from './export-data-card.tsx';
import { AuditTrailSection, ConsentCard, ConsentWithdrawnBanner, useClientConsent } from './trust-sections.tsx';
import { paths } from '../../config/paths.ts';
import { useCountryName } from '../../lib/countries.ts';

function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  // A region named by its title, as the evaluation's result groups (decision 180).
  const titleId = useId();
  return (
    <RegionCard labelledBy={titleId} data-testid={testId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={4} id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </RegionCard>
  );
}

function ProfileSection({ user }: { user: ManagedUser }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const p = user.profile;
  const today = dayjs().format('YYYY-MM-DD');
  const place = [p.comuna, p.region, countryName(p.pais, i18n.language)].filter(Boolean).join(', ');
  return (
    <Section title={t('people.detail.profile')} testId="client-profile">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LabeledValue label={t('fields.email')} value={p.email} testId="detail-email" />
        <LabeledValue label={t('fields.telefono')} value={p.telefono} />
        <LabeledValue
          label={t('fields.nacimiento')}
          value={
            p.nacimiento
              ? t('people.detail.birth', {
                  date: dayjs(p.nacimiento).format('D MMM YYYY'),
                  age: ageInYears(p.nacimiento, today),
                })
              : null
          }
        />
        <LabeledValue label={t('fields.sexo')} value={p.sexo ? t(`sexo.${p.sexo}`) : null} />
        <LabeledValue label={t('fields.rut')} value={p.rut ? formatNationalId(p.rut) : null} testId="detail-rut" />
        <LabeledValue label={t('fields.company')} value={user.company?.name} />
        <LabeledValue label={t('fields.direccion')} value={p.direccion} />
        <LabeledValue label={t('people.detail.location')} value={place} testId="detail-location" />
      </SimpleGrid>
    </Section>
  );
}

function CreditsSection({ user, isParent }: { user: ManagedUser; isParent: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('people.columns.credits')} testId="client-credits-section">
      <Group justify="space-between" align="center">
        <Text fz={32} fw={700} data-testid="detail-credits">
          {user.creditos}
        </Text>
        {isParent && (
          <Button
            variant="light"
            color="yellow"
            leftSection={<IconCoins size={18} />}
            onClick={() => peopleModals.open({ kind: 'credits', userId: user.id_usuario })}
            data-testid="detail-credits-button"
          >
            {t('people.actions.credits')}
          </Button>
        )}
      </Group>
    </Section>
  );
}

function AttachmentsSection({ userId, attachments }: { userId: number; attachments: Attachment[] }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('attachments.heading')}
      testId="client-attachments"
      action={
        <Button variant="subtle" size="compact-sm" onClick={() => peopleModals.open({ kind: 'editClient', userId })}>
          {t('attachments.manage')}
        </Button>
      }
    >
      {attachments.length > 0 ? (
        <AttachmentList attachments={attachments} />
      ) : (
        <Text c="dimmed" size="sm">
          {t('attachments.none')}
        </Text>
      )}
    </Section>
  );
}

function DetailSkeleton() {
  return (
    <Stack data-testid="client-loading" aria-busy="true">
      <Skeleton h={60} w="50%" />
      <Skeleton h={200} radius="lg" />
      <Skeleton h={120} radius="lg" />
    </Stack>
  );
}

/** `users/:id`: one client's profile, documents, credits, parent-account note and evaluations. */
export function ClientDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const userId = /^\d+$/.test(id) ? Number(id) : null;
  const query = useManagedUser(userId);
  const consent = useClientConsent(userId ?? 0);
  const confirmDelete = useConfirmDelete();

  const back = (
    <Anchor component={Link} to={paths.clients} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('pagesCopy.clientDetail.back')}
      </Group>
    </Anchor>
  );

  if (userId === null || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack>
        {back}
        <EmptyState
          icon={<IconInfoCircle size={32} />}
          title={t('people.detail.notFoundTitle')}
          description={t('people.detail.notFoundText')}
        />
      </Stack>
    );
  }
  if (query.isError) return <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <DetailSkeleton />;

  const user = query.data;
  const name = personName(user);
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap">
          <Avatar size={64} radius="xl" color="medida" src={user.profile.img_url || null} alt="">
            {initials(user)}
          </Avatar>
          <Stack gap={4}>
            <Title order={1} size="h2" data-testid="page-title">
              {name}
            </Title>
            <Group gap={6}>
              <Badge variant="light">{t('profile.userType.2')}</Badge>
              <Text size="sm" c="dimmed">
                {t('people.detail.since', { date: dayjs(user.created_at).format('D MMM YYYY') })}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <MessageButton userId={user.id_usuario} />
          <NewEvaluationForClientButton client={user} />
          <Button
            variant="default"
            leftSection={<IconPencil size={18} />}
            onClick={() => peopleModals.open({ kind: 'editClient', userId: user.id_usuario })}
            disabled={Boolean(consent.data?.consent?.withdrawn_at)}
            data-testid="detail-edit"
          >
            {t('people.actions.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() =>
              confirmDelete({ id: user.id_usuario, name }, () => void navigate(paths.clients, { replace: true }))
            }
            data-testid="detail-delete"
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <ConsentWithdrawnBanner consent={consent.data?.consent} />
      {user.is_parent && (
        <Alert variant="light" color="medida" icon={<IconInfoCircle />} data-testid="parent-note">
          {t('messages.parentAccount')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <ProfileSection user={user} />
            <AttachmentsSection userId={user.id_usuario} attachments={user.attachments} />
          </Stack>
        </Grid.Col>
        {/* On a phone the balance comes first: it is what a professional checks most. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <CreditsSection user={user} isParent={user.is_parent} />
            <ConsentCard clientId={user.id_usuario} consent={consent.data?.consent} />
            <PortalAccessCard clientId={user.id_usuario} />
            <ExportDataCard clientId={user.id_usuario} clientName={name} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ClientEvaluationsSection client={user} />
      <AuditTrailSection clientId={user.id_usuario} />
    </Stack>
  );
}
