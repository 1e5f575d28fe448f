import { Anchor, Avatar, Badge, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabeledValue as Field } from '../../components/labeled-value.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { especialidadKey } from '../../lib/especialidades.ts';
import { useProfile } from '../../lib/session.ts';
import { paths } from '../../config/paths.ts';

/** The signed-in user's own record, read from GET /web/datosusuario. Editing comes with the profile issue. */
export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useProfile();
  const datos = data?.datos;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('profile.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': 'profile-modal' } }}
    >
      {datos && data && (
        <Stack>
          <Group>
            <Avatar size={56} radius="xl" color="medida">
              {`${datos.nombre[0] ?? ''}${datos.apellido[0] ?? ''}`.toUpperCase()}
            </Avatar>
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={t('fields.email')} value={datos.email} />
            <Field label={t('fields.telefono')} value={datos.telefono} />
            <Field label={t('fields.pais')} value={data.pais} />
            <Field
              label={t('fields.especialidad')}
              value={
                datos.especialidad
                  ? t(especialidadKey(datos.especialidad) ?? '', { defaultValue: datos.especialidad })
                  : null
              }
            />
            <Field label={t('fields.nacimiento')} value={datos.nacimiento} />
            <Field label={t('profile.credits')} value={datos.creditos} />
          </SimpleGrid>
          <Anchor component={Link} to={paths.deleteAccount} size="sm" c="red" onClick={onClose}>
            {t('profile.deleteAccountLink')}
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
