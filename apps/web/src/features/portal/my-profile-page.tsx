import { Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabeledValue } from '../../components/labeled-value.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { especialidadKey } from '../../lib/especialidades.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useProfile, useSessionUser } from '../../lib/session.ts';
import {
  AuditTrailSection,
  ConsentCard,
  ConsentWithdrawnBanner,
  ExportDataCard,
  useClientConsent,
} from '../clients/index.ts';
import { ProfileModal } from '../profile/index.ts';
import { fetchMyProfessional, portalKeys } from './portal-api.ts';

/** The client's professional: who evaluates it, and how to reach them. */
function ProfessionalCard() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: portalKeys.professional, queryFn: ({ signal }) => fetchMyProfessional(signal) });
  const pro = query.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="portal-professional">
      <Title order={2} size="h4" mb="xs">
        {t('portal.profile.professional')}
      </Title>
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton h={80} />}
      {query.data === null && (
        <Text size="sm" c="dimmed">
          {t('portal.profile.noProfessional')}
        </Text>
      )}
      {pro && (
        <Stack gap={6}>
          <Text fw={700} data-testid="portal-professional-name">
            {`${pro.nombre} ${pro.apellido}`.trim()}
          </Text>
          {pro.especialidad && (
            <Text size="sm" c="dimmed">
              {t(especialidadKey(pro.especialidad) ?? '', { defaultValue: pro.especialidad })}
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden="true" />
            <Anchor href={`mailto:${pro.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {pro.email}
            </Anchor>
          </Group>
          {pro.telefono && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden="true" />
              <Anchor href={`tel:${pro.telefono.replace(/[^\d+]/g, '')}`} size="sm">
                {pro.telefono}
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The client's own data, with the profile modal to edit it. */
function MyDataCard() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const datos = profile.data?.datos;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="portal-my-data">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t('portal.profile.myData')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserEdit size={16} />}
          onClick={() => setEditing(true)}
          data-testid="portal-edit-profile"
        >
          {t('portal.profile.edit')}
        </Button>
      </Group>
      {profile.isError && <LoadError message={apiErrorMessage(profile.error)} onRetry={() => void profile.refetch()} />}
      {!datos && !profile.isError && <Skeleton h={80} />}
      {datos && (
        <Stack gap="xs">
          <LabeledValue label={t('portal.profile.name')} value={`${datos.nombre} ${datos.apellido}`.trim()} />
          <LabeledValue label={t('fields.email')} value={datos.email} />
          {datos.telefono && <LabeledValue label={t('fields.telefono')} value={datos.telefono} />}
        </Stack>
      )}
      <ProfileModal opened={editing} onClose={() => setEditing(false)} />
    </Paper>
  );
}

/** "Profile" of the client portal: its data, its professional, its consent and who accessed its record. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const self = useSessionUser().data?.id ?? 0;
  const consent = useClientConsent(self);
  const datos = useProfile().data?.datos;
  const ownName = datos && `${datos.nombre} ${datos.apellido}`.trim();
  return (
    <Stack gap="lg" data-testid="portal-profile">
      <PageHeader title={t('portal.profile.title')} />
      <ConsentWithdrawnBanner consent={consent.data?.consent} self />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <MyDataCard />
            <ProfessionalCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <ConsentCard clientId={self} consent={consent.data?.consent} self />
            {self > 0 && <ExportDataCard clientId={self} clientName={ownName} self />}
          </Stack>
        </Grid.Col>
      </Grid>
      {self > 0 && <AuditTrailSection clientId={self} self />}
    </Stack>
  );
}
