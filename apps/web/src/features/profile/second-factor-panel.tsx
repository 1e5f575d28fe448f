import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@medida/domain';
import { apiErrorMessage, notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchSecondFactor, secondFactorKeys, setNetworkPolicy } from './second-factor-api.ts';
import { TotpReauthModal, TotpSetupModal } from './totp-modals.tsx';

/**
 * The profile's two-step sign-in part (decisions 207, 208): the authenticator app (set up, renew the recovery codes,
 * turn off) and, for an account's root, the switch that requires a second factor of its whole network.
 */
export function SecondFactorPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [setupOpened, setSetupOpened] = useState(false);
  const [reauth, setReauth] = useState<'disable' | 'codes' | null>(null);
  const { data } = useQuery({ queryKey: secondFactorKeys.all, queryFn: ({ signal }) => fetchSecondFactor(signal) });
  const policy = useMutation({
    mutationFn: setNetworkPolicy,
    onSuccess: async ({ required, ended_sessions }) => {
      await queryClient.invalidateQueries({ queryKey: secondFactorKeys.all });
      notifySuccess(
        t('secondFactor.title'),
        required ? t('secondFactor.policyOn', { count: ended_sessions }) : t('secondFactor.policyOff'),
      );
    },
    onError: (error) => notifyError(apiErrorMessage(error)),
  });
  const since = data?.totp
    ? dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(data.totp.confirmed_at))
    : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="second-factor-title" data-testid="second-factor-panel">
      <Group gap="xs">
        <IconShieldLock size={20} aria-hidden="true" />
        <Title order={3} size="h4" id="second-factor-title">
          {t('secondFactor.title')}
        </Title>
        {data && (
          <Badge color={data.totp ? 'teal' : 'gray'} variant="light" data-testid="totp-state">
            {data.totp ? t('secondFactor.on') : t('secondFactor.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('secondFactor.intro')}
      </Text>
      {data?.account_requires && (
        <Alert color="blue" variant="light">
          {t('secondFactor.accountRequires')}
        </Alert>
      )}
      {data?.totp ? (
        <>
          <Text size="sm" data-testid="totp-summary">
            {t('secondFactor.summary', { date: since, count: data.recovery_codes_left })}
          </Text>
          <Group>
            <Button variant="light" onClick={() => setReauth('codes')} data-testid="totp-renew-codes">
              {t('secondFactor.renew')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setReauth('disable')} data-testid="totp-disable">
              {t('secondFactor.disable')}
            </Button>
          </Group>
        </>
      ) : (
        data && (
          <Group>
            <Button variant="light" onClick={() => setSetupOpened(true)} data-testid="totp-setup">
              {t('secondFactor.setup')}
            </Button>
          </Group>
        )
      )}
      {data?.network_policy && (
        <Switch
          checked={data.network_policy.required}
          disabled={policy.isPending}
          onChange={(event) => policy.mutate(event.currentTarget.checked)}
          label={t('secondFactor.policyLabel')}
          description={t('secondFactor.policyHint')}
          data-testid="second-factor-policy"
        />
      )}
      <TotpSetupModal opened={setupOpened} onClose={() => setSetupOpened(false)} />
      <TotpReauthModal kind={reauth} onClose={() => setReauth(null)} />
    </Stack>
  );
}
