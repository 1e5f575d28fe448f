import { useState } from 'react';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../components/public-shell.tsx';
import { paths } from '../../config/paths.ts';
import type { RegistrationVariant } from '@medida/contracts';
import { RegisterForm, type Registered } from './register-form.tsx';

/** After sending: the same "check your inbox" whether the e-mail was new or taken (decision 017). */
function CheckInbox({ result }: { result: Registered }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="register-sent">
      <Alert color="teal" variant="light" icon={<IconMailForward />} title={t('auth.register.sentTitle')} role="status">
        {result.message}
      </Alert>
      <Text size="sm">{t('auth.register.sentText')}</Text>
      {/* Only a server without SMTP outside production says where the message went. */}
      {result.outbox && (
        <Alert color="gray" variant="light" title={t('auth.register.devOutboxTitle')} data-testid="register-outbox">
          <Text size="sm">{t('auth.register.devOutboxText')}</Text>
          <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {result.outbox}
          </Code>
        </Alert>
      )}
      <Button component={Link} to={paths.login} variant="light" data-testid="register-sent-login">
        {t('auth.register.login')}
      </Button>
    </Stack>
  );
}

/** /pages/register and every /pages/register-<partner>: one form, presets from the variant table. */
export function RegisterPage({ variant }: { variant: RegistrationVariant }) {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState<Registered | null>(null);
  return (
    <PublicShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} size="md">
      {variant.partnerName && !registered && (
        <Alert variant="light" icon={<IconBuildingStore />} mb="lg" data-testid="register-partner">
          {t('auth.register.partner', { partner: variant.partnerName })}
        </Alert>
      )}
      {registered ? (
        <CheckInbox result={registered} />
      ) : (
        <RegisterForm variant={variant} onRegistered={setRegistered} />
      )}
    </PublicShell>
  );
}
