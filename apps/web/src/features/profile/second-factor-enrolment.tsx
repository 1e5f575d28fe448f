import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TotpSetupFlow } from './totp-modals.tsx';

/**
 * The enrolment an account may require (decision 208): until this session's user sets up a second factor, the server
 * answers nothing else (403), so the layout shows only this, as it shows only the change of a temporary password.
 */
export function SecondFactorEnrolment() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" maw={560} mx="auto" data-testid="second-factor-enrolment">
      <Stack>
        <Title order={2} size="h3">
          {t('secondFactor.requiredTitle')}
        </Title>
        <Text size="sm">{t('secondFactor.requiredIntro')}</Text>
        <TotpSetupFlow onDone={() => undefined} />
      </Stack>
    </Card>
  );
}
