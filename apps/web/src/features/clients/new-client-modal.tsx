import { Checkbox, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_TYPE } from '@medida/contracts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import {
  createUser,
  emptyPersonValues,
  peopleModals,
  PersonModal,
  personFields,
  toMultipart,
  useActingUser,
  useModalOf,
  usePersonForm,
  useRefreshPeople,
  type PersonFormValues,
} from '../people/index.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { ClientForm } from './client-form.tsx';
import { ConsentSection, consentBody, useConsent, type ConsentValue } from './consent-section.tsx';

/**
 * POST /web/create_user for a client: JSON, or multipart when documents travel with it. `invite` sends
 * the portal invitation at once, its expiry written in this browser's time zone (decision 132).
 */
function createClientBody(
  values: PersonFormValues,
  parentId: number,
  consent: ConsentValue,
  invite: boolean,
): object | FormData {
  const timeZone = browserTimeZone();
  const fields = {
    ...personFields(values),
    ...consentBody(consent),
    ...(invite && timeZone ? { time_zone: timeZone } : {}),
    type: USER_TYPE.client,
    lang: currentLanguage(),
    parent_user_id: parentId,
    ...(values.company_id ? { company_id: Number(values.company_id) } : {}),
  };
  return values.attachments.length > 0
    ? toMultipart(fields, values.attachments, invite ? { invite: 'true' } : {})
    : { ...fields, ...(invite ? { invite: true } : {}) };
}

function NewClientForm({ parentId, paisId }: { parentId: number; paisId: number | null }) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  // The professional's own country comes preselected; no company unless one is chosen (decision 189).
  const { form, validate, showSaveError } = usePersonForm('client', emptyPersonValues({ paisId }));
  const consent = useConsent(currentLanguage());
  const [invite, setInvite] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: PersonFormValues) => createUser(createClientBody(values, parentId, consent.value, invite)),
    onSuccess: async () => {
      notifySuccess(t('messages.createdUser'), t('messages.createdUserText'));
      peopleModals.close();
      await refresh();
    },
    onError: (error) => showSaveError(error, 'messages.errorCreatedUser'),
  });
  return (
    <ClientForm
      form={form}
      saving={mutation.isPending}
      submitLabel={t('people.clients.create')}
      consent={
        <Stack gap="md">
          <ConsentSection consent={consent} />
          <Checkbox
            checked={invite}
            onChange={(event) => setInvite(event.currentTarget.checked)}
            label={t('portal.invite.onCreate')}
            description={t('portal.invite.onCreateHint')}
            data-testid="new-client-invite"
          />
        </Stack>
      }
      onSubmit={() => {
        // Both checks run, so every problem shows at once.
        const personOk = validate();
        if (consent.check() && personOk) mutation.mutate(form.getValues());
      }}
    />
  );
}

export function NewClientModal() {
  const { t } = useTranslation();
  const { opened, modal } = useModalOf('newClient');
  const acting = useActingUser();
  return (
    <PersonModal opened={opened} title={t('people.clients.newTitle')} testId="new-client-modal">
      {modal && acting.id !== undefined && !acting.profileLoading ? (
        <NewClientForm parentId={acting.id} paisId={acting.paisId} />
      ) : (
        <Skeleton h={400} />
      )}
    </PersonModal>
  );
}
