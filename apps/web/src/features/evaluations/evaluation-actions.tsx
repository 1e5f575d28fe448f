import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/save-blob.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import type { Language } from '@medida/contracts';
import { deleteEvaluation, downloadEvaluationReport } from './evaluations-api.ts';
import { evaluationKeys, useRefreshEvaluations } from './evaluation-queries.ts';

/** Delete after the spec's confirmation ('You are about to delete an item. Are you sure?.'). */
export function useConfirmDeleteEvaluation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshEvaluations();
  const mutation = useMutation({
    mutationFn: (target: { id: number; onDeleted?: (() => void) | undefined }) => deleteEvaluation(target.id),
    onSuccess: async (_data, target) => {
      notifySuccess(t('messages.evaluationDeletedTitle'), t('messages.evaluationDeletedText'));
      // Leave the detail page before its query could refetch an evaluation that no longer exists.
      target.onDeleted?.();
      queryClient.removeQueries({ queryKey: evaluationKeys.detail(target.id) });
      await refresh();
    },
    onError: notifyApiError,
  });
  return (evaluation: { id: number; clientName: string }, onDeleted?: () => void) =>
    modals.openConfirmModal({
      title: t('evaluations.delete.title', { name: evaluation.clientName }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('messages.deleteConfirm')}</Text>
          <Text size="sm" fw={600} data-testid="delete-credit-note">
            {t('evaluations.delete.creditNotReturned')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
      cancelProps: { 'data-testid': 'cancel-delete' } as Record<string, string>,
      onConfirm: () => mutation.mutate({ id: evaluation.id, onDeleted }),
    });
}

/** The PDF report (in `lang`, else the client's), fetched with the bearer header, saved under the server's name. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (target: { id: number; fallbackName: string; lang?: Language | undefined }) => {
      const { blob, fileName } = await downloadEvaluationReport(target.id, target.lang);
      saveBlob(blob, fileName ?? target.fallbackName);
    },
    onError: notifyApiError,
  });
}
