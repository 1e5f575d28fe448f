import { Alert } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../components/public-shell.tsx';
import type { RegistrationVariant } from '@medida/contracts';
import { RegisterForm } from './register-form.tsx';

/** /pages/register and every /pages/register-<partner>: one form, presets from the variant table. */
export function RegisterPage({ variant }: { variant: RegistrationVariant }) {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} size="md">
      {variant.partnerName && (
        <Alert variant="light" icon={<IconBuildingStore />} mb="lg" data-testid="register-partner">
          {t('auth.register.partner', { partner: variant.partnerName })}
        </Alert>
      )}
      <RegisterForm variant={variant} />
    </PublicShell>
  );
}
