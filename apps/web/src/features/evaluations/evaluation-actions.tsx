import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/save-blob.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { deleteEvaluation, downloadEvaluationReport, sendEvaluation } from './evaluations-api.ts';
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

function PdfPassword({ to, password }: { to: string; password: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('evaluations.send.passwordText', { email: to })}</Text>
      <Group gap="sm" wrap="nowrap">
        <Code fz="lg" px="md" py={6} data-testid="pdf-password">
          {password}
        </Code>
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy}>
              {copied ? t('evaluations.send.copied') : t('evaluations.send.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('evaluations.send.passwordHint')}
      </Text>
    </Stack>
  );
}

/**
 * POST /web/enviarevalua: the server e-mails the encrypted PDF report to the client; the toast says
 * where, and the one-time PDF password is shown once for the professional to pass on (security.md F6).
 */
export function useSendEvaluation() {
  const { t } = useTranslation();
  const refresh = useRefreshEvaluations();
  return useMutation({
    mutationFn: (target: { id: number; email: string }) => sendEvaluation(target.id),
    onSuccess: async (data) => {
      notifySuccess(t('evaluations.send.doneTitle'), t('evaluations.send.doneText', { email: data.to }));
      modals.open({
        title: t('evaluations.send.passwordTitle'),
        children: <PdfPassword to={data.to} password={data.pdf_password} />,
        attributes: { content: { 'data-testid': 'pdf-password-modal' } },
      });
      await refresh();
    },
    onError: notifyApiError,
  });
}

/** The PDF report, fetched with the bearer header and saved under the server's file name. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (target: { id: number; fallbackName: string }) => {
      const { blob, fileName } = await downloadEvaluationReport(target.id);
      saveBlob(blob, fileName ?? target.fallbackName);
    },
    onError: notifyApiError,
  });
}
