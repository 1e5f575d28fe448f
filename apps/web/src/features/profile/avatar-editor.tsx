import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { MAX_ATTACHMENT_BYTES } from '@medida/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { sessionKeys } from '../../lib/session.ts';
import { removeAvatar, uploadAvatar } from './account-api.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** The own profile picture (decision 118): the server checks, squares and strips it; the header follows. */
export function AvatarEditor({ imgUrl, initials }: { imgUrl: string; initials: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.profiles() });
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async (res) => {
      notifySuccess(t('profile.avatar.title'), res.message);
      await refresh();
    },
    onError: notifyApiError,
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: async (res) => {
      notifySuccess(t('profile.avatar.title'), res.message);
      await refresh();
    },
    onError: notifyApiError,
  });
  const choose = (file: File | null) => {
    if (!file) return;
    // The same limits as on the server, said before the bytes travel.
    if (!ACCEPTED.includes(file.type)) return notifyError(t('profile.avatar.type'));
    if (file.size >= MAX_ATTACHMENT_BYTES) return notifyError(t('profile.avatar.tooLarge'));
    upload.mutate(file);
  };
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar size={72} radius="xl" color="medida" src={imgUrl || null} alt="" data-testid="profile-avatar">
        {initials}
      </Avatar>
      <Stack gap={6} miw={0}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPTED.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} />}
                loading={upload.isPending}
                data-testid="profile-avatar-upload"
              >
                {t('profile.avatar.change')}
              </Button>
            )}
          </FileButton>
          {imgUrl && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="profile-avatar-remove"
            >
              {t('profile.avatar.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile.avatar.hint')}
        </Text>
      </Stack>
    </Group>
  );
}
