import { useState } from 'react';
import { Anchor, Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconPencil } from '@tabler/icons-react';
import { LabeledValue as Field } from '../../components/labeled-value.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { especialidadKey } from '../../lib/especialidades.ts';
import { useCountryName } from '../../lib/countries.ts';
import { longDate } from '../../lib/long-date.ts';
import { useProfile } from '../../lib/session.ts';
import { paths } from '../../config/paths.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { ChangeEmailModal } from './change-email-modal.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';
import { SecondFactorPanel } from './second-factor-panel.tsx';

/** The signed-in user's own record (GET /web/datosusuario); "Edit" opens the profile form (decision 116). */
export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const { data } = useProfile();
  const datos = data?.datos;
  const [editing, setEditing] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={t('profile.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        attributes={{ content: { 'data-testid': 'profile-modal' } }}
      >
        {editing && <ProfileEditForm onDone={() => setEditing(false)} />}
        {!editing && datos && data && (
          <Stack>
            <Group>
              <Stack gap={2}>
                <Text fw={700} size="lg">
                  {datos.nombre} {datos.apellido}
                </Text>
                <Group gap={6}>
                  <Badge variant="light">{t(`profile.userType.${datos.type}`)}</Badge>
                  <Badge variant="outline">
                    {t('profile.accountLevelBadge', { level: t(`profile.accountLevel.${data.account_level}`) })}
                  </Badge>
                </Group>
              </Stack>
            </Group>
            <AvatarEditor
              imgUrl={datos.img_url}
              initials={`${datos.nombre[0] ?? ''}${datos.apellido[0] ?? ''}`.toUpperCase()}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label={t('fields.email')} value={datos.email} />
              <Field label={t('fields.telefono')} value={datos.telefono} />
              <Field label={t('fields.pais')} value={countryName(data.pais, i18n.language)} />
              <Field
                label={t('fields.especialidad')}
                value={
                  datos.especialidad
                    ? t(especialidadKey(datos.especialidad) ?? '', { defaultValue: datos.especialidad })
                    : null
                }
              />
              <Field
                label={t('fields.nacimiento')}
                value={datos.nacimiento ? longDate(datos.nacimiento, i18n.language) : null}
              />
              <Field label={t('profile.credits')} value={datos.creditos} />
            </SimpleGrid>
            <Divider />
            <SecondFactorPanel />
            <Divider />
            <PasskeysPanel />
            <Divider />
            <Group justify="space-between">
              <Anchor component={Link} to={paths.deleteAccount} size="sm" c="red" onClick={close}>
                {t('profile.deleteAccountLink')}
              </Anchor>
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconMail size={16} />}
                  onClick={() => setChangingEmail(true)}
                  data-testid="profile-change-email"
                >
                  {t('profile.changeEmail.open')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing(true)}
                  data-testid="profile-edit"
                >
                  {t('profile.edit')}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
      {datos && (
        <ChangeEmailModal opened={changingEmail} onClose={() => setChangingEmail(false)} currentEmail={datos.email} />
      )}
    </>
  );
}
