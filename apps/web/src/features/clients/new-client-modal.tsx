import { Skeleton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COMPANY_ID, USER_TYPE } from '@medida/contracts';
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
import { ClientForm } from './client-form.tsx';
import { ConsentSection, consentBody, useConsent, type ConsentValue } from './consent-section.tsx';

/** POST /web/create_user for a client: JSON, or multipart when documents travel with it. */
function createClientBody(values: PersonFormValues, parentId: number, consent: ConsentValue): object | FormData {
  const fields = {
    ...personFields(values),
    ...consentBody(consent),
    type: USER_TYPE.client,
    lang: currentLanguage(),
    parent_user_id: parentId,
    ...(values.company_id ? { company_id: Number(values.company_id) } : {}),
  };
  return values.attachments.length > 0 ? toMultipart(fields, values.attachments) : fields;
}

function NewClientForm({ parentId, paisId }: { parentId: number; paisId: number | null }) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  // Spec §3/§9: the default company is id 9; the professional's own country comes preselected.
  const { form, validate, showSaveError } = usePersonForm(
    'client',
    emptyPersonValues({ paisId, companyId: DEFAULT_COMPANY_ID }),
  );
  const consent = useConsent(currentLanguage());
  const mutation = useMutation({
    mutationFn: (values: PersonFormValues) => createUser(createClientBody(values, parentId, consent.value)),
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
      consent={<ConsentSection consent={consent} />}
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
