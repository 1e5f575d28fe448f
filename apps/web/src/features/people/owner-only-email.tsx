import { useState, type ComponentProps } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MailSentModal } from '../../components/mail-sent-modal.tsx';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../lib/notify.ts';
import { askEmailChange } from './people-api.ts';

/** The managed person whose login e-mail only it may change (it chose its own password, decision 202). */
export interface EmailOwner {
  userId: number;
  nombre: string;
}

/** The edit forms' `emailOwner`: set when the detail says only the person may change its e-mail. */
export const emailOwnerOf = (user: {
  id_usuario: number;
  email_owner_only: boolean;
  profile: { nombre: string };
}): EmailOwner | undefined =>
  user.email_owner_only ? { userId: user.id_usuario, nombre: user.profile.nombre } : undefined;

/**
 * The e-mail of a person who chose its own password, as its professional sees it: read-only, why, and a
 * button that asks the person to change it (an e-mail to its current address; nothing changes until it does).
 */
export function OwnerOnlyEmailField({
  owner,
  ...input
}: ComponentProps<typeof TextInput> & { owner: EmailOwner; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const current = typeof input.value === 'string' ? input.value : '';
  return (
    <Stack gap={6}>
      <TextInput
        {...input}
        type="email"
        readOnly
        description={t('people.emailOwnerOnly.hint', { nombre: owner.nombre })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => setAsking(true)}
          data-testid="ask-email-change"
        >
          {t('people.emailOwnerOnly.ask')}
        </Button>
      </Group>
      <AskEmailChangeModal opened={asking} onClose={() => setAsking(false)} owner={owner} currentEmail={current} />
    </Stack>
  );
}

function AskEmailChangeModal({
  opened,
  onClose,
  owner,
  currentEmail,
}: {
  opened: boolean;
  onClose: () => void;
  owner: EmailOwner;
  currentEmail: string;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('validation.email')) },
  });
  const mutation = useMutation({
    mutationFn: (email: string) => askEmailChange(owner.userId, email),
    onSuccess: (answer) => {
      setSent(answer.message);
      form.reset();
    },
    onError: (error) => showFormError(form.setErrors, error),
  });
  const close = () => {
    setSent(null);
    form.reset();
    onClose();
  };
  return (
    <MailSentModal
      opened={opened}
      onClose={close}
      title={t('people.emailOwnerOnly.title')}
      testId="ask-email-change-modal"
      sentTestId="ask-email-change-sent"
      sent={sent}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog sits inside the person form: its submit must not reach that form.
          event.stopPropagation();
          form.onSubmit((values) => mutation.mutate(values.email.trim()))(event);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('people.emailOwnerOnly.intro', { nombre: owner.nombre, email: currentEmail })}
          </Text>
          <TextInput
            type="email"
            label={t('people.emailOwnerOnly.suggested')}
            autoComplete="off"
            data-autofocus
            data-testid="ask-email-change-email"
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="ask-email-change-submit">
              {t('people.emailOwnerOnly.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </MailSentModal>
  );
}
