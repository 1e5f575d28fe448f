import { USER_TYPE, type DeletionPeople } from '@medida/contracts';
import { Alert, Anchor, Button, Card, List, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { listFormat } from '@medida/domain';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowsExchange, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useState } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { useProfile } from '../../lib/session.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { HandoverModal } from '../people/index.ts';
import { accountKeys, deleteAccount, fetchAccountDeletion } from './account-api.ts';

/** `delete-account` (decision 113): what goes and what stays, then the password and the e-mail typed again. */
export function DeleteAccountPage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const deletion = useQuery({ queryKey: accountKeys.deletion, queryFn: ({ signal }) => fetchAccountDeletion(signal) });
  const email = profile.data?.datos.email ?? '';
  const isClient = profile.data?.datos.type === USER_TYPE.client;
  const queryClient = useQueryClient();
  const [handingOver, setHandingOver] = useState(false);

  let action;
  // "2 clients and 1 network professional", leaving out a count of 0, joined the language's way.
  const counts = deletion.data
    ? {
        people: listFormat(i18n.language, { type: 'conjunction' }).format(
          [
            deletion.data.clients > 0 ? t('deleteAccount.clientCount', { count: deletion.data.clients }) : '',
            deletion.data.network > 0 ? t('deleteAccount.networkCount', { count: deletion.data.network }) : '',
          ].filter(Boolean),
        ),
      }
    : null;
  if (deletion.isError)
    action = <LoadError message={apiErrorMessage(deletion.error)} onRetry={() => void deletion.refetch()} />;
  else if (deletion.isPending || profile.isPending) action = <ListSkeleton testId="delete-account-loading" rows={2} />;
  else if (!deletion.data.can_delete)
    action = (
      <>
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={20} />}
          title={t('deleteAccount.blockedTitle')}
          data-testid="delete-blocked"
        >
          <Stack gap="xs">
            <Text size="sm">{t('deleteAccount.blockedText', counts ?? {})}</Text>
            <Button
              leftSection={<IconArrowsExchange size={18} />}
              onClick={() => setHandingOver(true)}
              w={{ base: '100%', sm: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
              data-testid="handover-everyone"
            >
              {t('deleteAccount.handOverEveryone')}
            </Button>
            <Text size="sm">
              {t('deleteAccount.orChooseIn')}{' '}
              <Anchor component={Link} to={paths.clients}>
                {t('nav.clients')}
              </Anchor>
              {' · '}
              <Anchor component={Link} to={paths.network}>
                {t('nav.network')}
              </Anchor>
            </Text>
          </Stack>
        </Alert>
        {/* Or the deletion says what happens to them (decision 184): the choices the server allows. */}
        <DeleteForm email={email} choices={deletion.data.choices} counts={counts ?? undefined} />
      </>
    );
  else action = <DeleteForm email={email} choices={[]} />;

  return (
    <>
      <PageHeader title={t('deleteAccount.title')} description={t('deleteAccount.description')} />
      <Stack gap="lg" maw={880}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder radius="md" data-testid="delete-removed">
            <Title order={2} size="h5" mb="xs">
              {t('deleteAccount.removedTitle')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('deleteAccount.removedLogin')}</List.Item>
              <List.Item>{t('deleteAccount.removedSessions')}</List.Item>
              <List.Item>{t('deleteAccount.removedEmail')}</List.Item>
              {!isClient && <List.Item>{t('deleteAccount.removedLists')}</List.Item>}
            </List>
          </Card>
          <Card withBorder radius="md" data-testid="delete-kept">
            <Title order={2} size="h5" mb="xs">
              {t('deleteAccount.keptTitle')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{isClient ? t('deleteAccount.keptClientRecord') : t('deleteAccount.keptRecords')}</List.Item>
              <List.Item>{t('deleteAccount.keptLedger')}</List.Item>
              {!isClient && <List.Item>{t('deleteAccount.keptCredits')}</List.Item>}
            </List>
          </Card>
        </SimpleGrid>
        {action}
      </Stack>
      <HandoverModal
        choice={handingOver ? { all: true } : null}
        onClose={() => setHandingOver(false)}
        // Nobody left under the user: the page now shows the deletion form.
        onDone={() => void queryClient.invalidateQueries({ queryKey: accountKeys.deletion })}
      />
    </>
  );
}

function DeleteForm({
  email,
  choices,
  counts,
}: {
  email: string;
  /** What may happen to the people left below (empty: nobody is). */
  choices: readonly DeletionPeople[];
  counts?: { people: string } | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<{ password: string; confirmation: string; people: string }>({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '', people: '' },
    validate: {
      password: (v) => (v === '' ? t('validation.required') : null),
      confirmation: (v) =>
        v.trim().toLowerCase() === email.toLowerCase() ? null : t('deleteAccount.confirmationMismatch'),
      people: (v) =>
        choices.length > 0 && !choices.includes(v as DeletionPeople) ? t('deleteAccount.choiceRequired') : null,
    },
  });
  const mutation = useMutation({
    mutationFn: ({ people, ...values }: { password: string; confirmation: string; people: string }) =>
      deleteAccount({ ...values, ...(choices.length > 0 ? { people: people as DeletionPeople } : {}) }),
    onSuccess: ({ message }) => {
      notifySuccess(t('deleteAccount.doneTitle'), message);
      // Every session is already over on the server: forget this one and leave.
      sessionStore.signOut();
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else notifyApiError(error);
    },
  });
  return (
    <Card withBorder radius="md" data-testid="delete-account-form">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack>
          {choices.length > 0 && (
            <Radio.Group
              label={t('deleteAccount.peopleLabel')}
              data-testid="delete-people"
              {...form.getInputProps('people')}
            >
              <Stack gap="xs" mt="xs">
                {choices.map((choice) => (
                  <Radio
                    key={choice}
                    value={choice}
                    label={
                      choice === 'keep_network'
                        ? t('deleteAccount.keepNetwork')
                        : t('deleteAccount.everything', counts ?? {})
                    }
                    data-testid={`delete-people-${choice}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Text size="sm">
            {/* A long address breaks anywhere rather than run off a phone's screen. */}
            <Trans
              i18nKey="deleteAccount.typeEmail"
              values={{ email }}
              components={{ b: <b style={{ overflowWrap: 'anywhere' }} /> }}
            />
          </Text>
          <TextInput
            label={t('deleteAccount.confirmationLabel')}
            autoComplete="off"
            data-testid="delete-confirmation"
            {...form.getInputProps('confirmation')}
          />
          <PasswordField
            label={t('deleteAccount.passwordLabel')}
            autoComplete="current-password"
            data-testid="delete-password"
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            color="red"
            leftSection={<IconTrash size={18} />}
            loading={mutation.isPending}
            w={{ base: '100%', sm: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
            data-testid="delete-account-submit"
          >
            {t('deleteAccount.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
