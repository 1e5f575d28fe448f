import { Skeleton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedUser, Attachment } from '@medida/contracts';
import { notifySuccess } from '../../lib/notify.ts';
import {
  editUser,
  emailOwnerOf,
  peopleModals,
  PersonModal,
  personFields,
  toMultipart,
  useActingUser,
  useManagedUser,
  useModalOf,
  usePersonForm,
  useRefreshPeople,
  valuesFromUser,
  type EmailOwner,
  type PersonFormValues,
} from '../people/index.ts';
import { AttachmentList } from './attachment-list.tsx';
import { ClientForm } from './client-form.tsx';

/** POST /web/editaperfil for a client: always multipart (spec §7), deletions applied on save. */
function editClientBody(values: PersonFormValues, userId: number, uploaderId: number): FormData {
  const fields = {
    ...personFields(values),
    id_usuario: userId,
    company_id: values.company_id ? Number(values.company_id) : undefined,
  };
  return toMultipart(fields, values.attachments, {
    deleted_files: JSON.stringify(values.deleted_files),
    id_uploader: String(uploaderId),
  });
}

function EditClientForm({
  user,
  attachments,
  uploaderId,
  emailOwner,
}: {
  user: ManagedUser;
  attachments: Attachment[];
  uploaderId: number;
  emailOwner: EmailOwner | undefined;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshPeople();
  const { form, validate, showSaveError } = usePersonForm('client', valuesFromUser(user));
  const marked = form.getValues().deleted_files;
  // Spec §4: saved documents are marked or unmarked for deletion; nothing is removed before saving.
  const toggleMark = (id: number) =>
    form.setFieldValue('deleted_files', marked.includes(id) ? marked.filter((m) => m !== id) : [...marked, id]);

  const mutation = useMutation({
    mutationFn: (values: PersonFormValues) => editUser(editClientBody(values, user.id_usuario, uploaderId)),
    onSuccess: async () => {
      notifySuccess(t('messages.editedUser'), t('messages.editedUserText'));
      peopleModals.close();
      await refresh();
    },
    onError: (error) => showSaveError(error, 'messages.errorMessage'),
  });
  return (
    <ClientForm
      form={form}
      saving={mutation.isPending}
      submitLabel={t('common.save')}
      currentCompany={user.company}
      emailOwner={emailOwner}
      onSubmit={() => validate() && mutation.mutate(form.getValues())}
      savedAttachments={
        attachments.length > 0 ? (
          <AttachmentList attachments={attachments} marked={marked} onToggleMark={toggleMark} />
        ) : null
      }
    />
  );
}

export function EditClientModal() {
  const { t } = useTranslation();
  const { opened, modal } = useModalOf('editClient');
  const user = useManagedUser(modal?.userId ?? null);
  const acting = useActingUser();
  const ready = modal && user.data && user.data.id_usuario === modal.userId && acting.id !== undefined;
  return (
    <PersonModal opened={opened} title={t('people.clients.editTitle')} testId="edit-client-modal">
      {ready ? (
        <EditClientForm
          key={modal.userId}
          user={user.data}
          attachments={user.data.attachments}
          uploaderId={acting.id ?? 0}
          emailOwner={emailOwnerOf(user.data)}
        />
      ) : (
        <Skeleton h={400} />
      )}
    </PersonModal>
  );
}
