import { Button, Code, CopyButton, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { LANGUAGES, REPORT_MESSAGE_MAX, type Language, type SendEvaluationBody } from '@medida/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { NATIVE_LANGUAGE_NAMES } from '../../lib/language.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { sendEvaluation, type SendTarget } from './evaluations-api.ts';
import { useRefreshEvaluations } from './evaluation-queries.ts';

const SEND_MODAL = 'send-report';
const PASSWORD_MODAL = 'report-password';

/** The language choices: the client's first and marked; '' stands for "the client's" when it is not known. */
function useLanguageOptions(clientLang: Language | undefined) {
  const { t } = useTranslation();
  const named = (lang: Language) =>
    lang === clientLang
      ? t('evaluations.send.clientLanguage', { language: NATIVE_LANGUAGE_NAMES[lang] })
      : NATIVE_LANGUAGE_NAMES[lang];
  const ordered = clientLang ? [clientLang, ...LANGUAGES.filter((l) => l !== clientLang)] : LANGUAGES;
  return [
    ...(clientLang ? [] : [{ value: '', label: t('evaluations.send.clientLanguageDefault') }]),
    ...ordered.map((lang) => ({ value: lang, label: named(lang) })),
  ];
}

function PdfPassword(props: { to: string; password: string; reissuing: boolean; onReissue: () => void }) {
  const { to, password } = props;
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
            <Button variant="light" size="xs" onClick={copy} data-testid="pdf-password-copy">
              {copied ? t('evaluations.send.copied') : t('evaluations.send.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('evaluations.send.passwordHint')} {t('evaluations.send.reissueHint')}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="xs"
          loading={props.reissuing}
          onClick={props.onReissue}
          data-testid="pdf-password-reissue"
        >
          {t('evaluations.send.reissue')}
        </Button>
      </Group>
    </Stack>
  );
}

function SendReportForm({ target }: { target: SendTarget }) {
  const { t } = useTranslation();
  const options = useLanguageOptions(target.lang);
  const form = useForm({
    mode: 'controlled',
    initialValues: { to: target.email, message: '', lang: target.lang ?? '' },
    validate: {
      to: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t('validation.email')),
      message: (v) =>
        v.trim().length > REPORT_MESSAGE_MAX ? t('validation.tooLong', { max: REPORT_MESSAGE_MAX }) : null,
    },
  });
  const send = useSendReport();
  const submit = form.onSubmit((values) => {
    const body: SendEvaluationBody = {
      evaluationID: target.id,
      to: values.to.trim(),
      ...(values.message.trim() ? { message: values.message.trim() } : {}),
      ...(values.lang ? { lang: values.lang as Language } : {}),
    };
    send.mutate(body, {
      onSuccess: (data) => {
        modals.close(SEND_MODAL);
        openPasswordModal(t('evaluations.send.passwordTitle'), { to: data.to, password: data.pdf_password }, body);
      },
      onError: (error) => {
        const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else notifyApiError(error);
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} data-testid="send-report-form">
      <Stack>
        <TextInput
          type="email"
          label={t('evaluations.send.recipient')}
          description={t('evaluations.send.recipientHint')}
          required
          data-testid="send-to"
          {...form.getInputProps('to')}
        />
        <Textarea
          label={t('evaluations.send.message')}
          description={t('evaluations.send.messageHint', {
            length: form.values.message.length,
            max: REPORT_MESSAGE_MAX,
          })}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REPORT_MESSAGE_MAX}
          data-autofocus
          data-testid="send-message"
          {...form.getInputProps('message')}
        />
        <Select
          label={t('evaluations.send.language')}
          data={options}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="send-lang"
          {...form.getInputProps('lang')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => modals.close(SEND_MODAL)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="send-submit">
            {t('evaluations.send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** POST /web/enviarevalua; the toast says where it went (security.md F6: the password is shown apart). */
function useSendReport() {
  const { t } = useTranslation();
  const refresh = useRefreshEvaluations();
  return useMutation({
    mutationFn: sendEvaluation,
    onSuccess: async (data) => {
      notifySuccess(t('evaluations.send.doneTitle'), t('evaluations.send.doneText', { email: data.to }));
      await refresh();
    },
  });
}

/** The password modal; it stays open across re-issues and shows the newest password. */
function openPasswordModal(title: string, first: { to: string; password: string }, body: SendEvaluationBody) {
  modals.open({
    modalId: PASSWORD_MODAL,
    title,
    children: <Reissue first={first} body={body} />,
    attributes: { content: { 'data-testid': 'pdf-password-modal' } },
  });
}

/** A lost password cannot be read back: "send again" e-mails the same report with a new one. */
function Reissue({ first, body }: { first: { to: string; password: string }; body: SendEvaluationBody }) {
  const [current, setCurrent] = useState(first);
  const send = useSendReport();
  return (
    <PdfPassword
      to={current.to}
      password={current.password}
      reissuing={send.isPending}
      onReissue={() =>
        send.mutate(body, {
          onSuccess: (data) => setCurrent({ to: data.to, password: data.pdf_password }),
          onError: notifyApiError,
        })
      }
    />
  );
}

/**
 * "Send by e-mail": a dialog first (recipient, personal message, report language), then the e-mail with
 * the encrypted PDF, then the password with a copy button and a way to re-issue it (issue 14). Opened through
 * `useSendReportDialog` (send-report-dialog.ts), which loads this module on the click.
 */
export function openSendReportDialog(target: SendTarget, title: string): void {
  modals.open({
    modalId: SEND_MODAL,
    title,
    children: <SendReportForm target={target} />,
    attributes: { content: { 'data-testid': 'send-report-modal' } },
  });
}
