import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { deleteUser } from './people-api.ts';
import { peopleKeys, useRefreshPeople } from './people-queries.ts';

/**
 * Deleting a client or network professional asks first (spec §5: 'You are about to delete an item.
 * Are you sure?.'). The server soft-deletes and returns the user's credits to the parent.
 */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshPeople();
  const mutation = useMutation({
    mutationFn: (target: { id: number; onDeleted?: (() => void) | undefined }) => deleteUser(target.id),
    onSuccess: async (_data, target) => {
      notifySuccess(t('messages.deletedUser'), t('messages.deletedUserText'));
      // Leave a detail page before its query could refetch a user that no longer exists.
      target.onDeleted?.();
      queryClient.removeQueries({ queryKey: peopleKeys.user(target.id) });
      await refresh();
    },
    onError: () => notifyError(t('messages.errorMessage')),
  });

  return (user: { id: number; name: string }, onDeleted?: () => void) =>
    modals.openConfirmModal({
      title: t('people.delete.title', { name: user.name }),
      children: <Text size="sm">{t('messages.deleteConfirm')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      cancelProps: { 'data-testid': 'cancel-delete' } as Record<string, string>,
      onConfirm: () => mutation.mutate({ id: user.id, onDeleted }),
    });
}
