// The people domain's public surface, shared by the clients, network and credits features.
export { peopleModals, usePeopleModals, useModalOf } from './people-modal-store.ts';
export { PersonModal } from './person-modal.tsx';
export { PersonFields } from './person-fields.tsx';
export { emailOwnerOf, type EmailOwner } from './owner-only-email.tsx';
export { usePersonForm } from './use-person-form.ts';
export { useConfirmDelete } from './confirm-delete.tsx';
export {
  emptyPersonValues,
  valuesFromUser,
  personFields,
  ownProfileFields,
  networkFields,
  toMultipart,
  type PersonFormValues,
} from './person-form.ts';
export { attachmentProblem, formatBytes, ACCEPTED_ATTACHMENT_TYPES } from './attachment-rules.ts';
export {
  useActingUser,
  useClientsPage,
  useEvaluators,
  useManagedUser,
  useCompanies,
  useRefreshPeople,
} from './people-queries.ts';
export { createUser, editUser, downloadAttachment } from './people-api.ts';
export { personName, initials } from './person-name.ts';
export { PeopleCards, PeopleTable, type PeopleColumn, type PeopleListKind } from './people-list.tsx';
export { HandoverModal, type HandoverChoice } from './handover-modal.tsx';
export { usePeopleSelection, SelectionBar, type PeopleSelection } from './people-selection.tsx';
