import { USER_TYPE } from '@medida/contracts';
import { Skeleton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@medida/contracts';
import type { EmailOwner } from '../people/index.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import {
  createUser,
  editUser,
  emailOwnerOf,
  emptyPersonValues,
  networkFields,
  peopleModals,
  PersonModal,
  personFields,
  useActingUser,
  useManagedUser,
  useModalOf,
  usePersonForm,
  useRefreshPeople,
  valuesFromUser,
  type PersonFormValues,
} from '../people/index.ts';
import { NetworkUserForm } from './network-user-form.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';

const timeZoneField = () => {
  const zone = browserTimeZone();
  return zone ? { time_zone: zone } : {};
};

function NewNetworkUserForm({ parentId, paisId }: { parentId: number; paisId: number | null }) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  const { form, validate, showSaveError } = usePersonForm('network', emptyPersonValues({ paisId }));
  const mutation = useMutation({
    // Network users are always JSON (spec §7); they have no documents.
    mutationFn: (values: PersonFormValues) =>
      createUser({
        ...personFields(values),
        ...networkFields(values),
        type: USER_TYPE.professional,
        lang: currentLanguage(),
        parent_user_id: parentId,
        // The invitation's expiry is written in the inviter's zone and language (decision 186).
        ...timeZoneField(),
      }),
    onSuccess: async () => {
      notifySuccess(t('messages.createdUser'), t('messages.createdUserText'));
      peopleModals.close();
      await refresh();
    },
    onError: (error) => showSaveError(error, 'messages.errorCreatedUser'),
  });
  return (
    <NetworkUserForm
      form={form}
      saving={mutation.isPending}
      submitLabel={t('people.network.create')}
      onSubmit={() => validate() && mutation.mutate(form.getValues())}
    />
  );
}

function EditNetworkUserForm({ user, emailOwner }: { user: ManagedUser; emailOwner: EmailOwner | undefined }) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  const { form, validate, showSaveError } = usePersonForm('network', valuesFromUser(user));
  const mutation = useMutation({
    mutationFn: (values: PersonFormValues) =>
      editUser({ ...personFields(values), ...networkFields(values), id_usuario: user.id_usuario }),
    onSuccess: async () => {
      notifySuccess(t('messages.editedUser'), t('messages.editedUserText'));
      peopleModals.close();
      await refresh();
    },
    onError: (error) => showSaveError(error, 'messages.errorMessage'),
  });
  return (
    <NetworkUserForm
      form={form}
      saving={mutation.isPending}
      submitLabel={t('common.save')}
      emailOwner={emailOwner}
      onSubmit={() => validate() && mutation.mutate(form.getValues())}
    />
  );
}

function NewNetworkUserModal() {
  const { t } = useTranslation();
  const { opened, modal } = useModalOf('newNetworkUser');
  const acting = useActingUser();
  return (
    <PersonModal opened={opened} title={t('people.network.newTitle')} testId="new-network-user-modal">
      {modal && acting.id !== undefined && !acting.profileLoading ? (
        <NewNetworkUserForm parentId={acting.id} paisId={acting.paisId} />
      ) : (
        <Skeleton h={400} />
      )}
    </PersonModal>
  );
}

function EditNetworkUserModal() {
  const { t } = useTranslation();
  const { opened, modal } = useModalOf('editNetworkUser');
  const user = useManagedUser(modal?.userId ?? null);
  const ready = modal && user.data && user.data.id_usuario === modal.userId;
  return (
    <PersonModal opened={opened} title={t('people.network.editTitle')} testId="edit-network-user-modal">
      {ready ? (
        <EditNetworkUserForm key={modal.userId} user={user.data} emailOwner={emailOwnerOf(user.data)} />
      ) : (
        <Skeleton h={400} />
      )}
    </PersonModal>
  );
}

/** The new- and edit-network-user modals (spec §2 global overlays), rendered once by the main layout. */
export function NetworkUserModals() {
  return (
    <>
      <NewNetworkUserModal />
      <EditNetworkUserModal />
    </>
  );
}
