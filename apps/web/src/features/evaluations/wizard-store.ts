import { useSyncExternalStore } from 'react';

/** A client handed to the wizard by the screen that opens it (the client's page). */
export interface WizardClient {
  id_usuario: number;
  nombre: string;
  apellido: string;
  email: string;
  rut: string | null;
  nacimiento: string | null;
  sexo: string | null;
}

/** Editing a stored evaluation: its id and stored inputs (the form starts from them). */
export interface WizardEdit {
  evaluationId: number;
  inputs: Record<string, unknown>;
}

export interface WizardState {
  open: boolean;
  /** Bumped on every opening: the form is keyed by it, so each opening starts from the defaults. */
  session: number;
  client: WizardClient | null;
  /** Set when the wizard edits an evaluation (a new version) instead of creating one. */
  edit: WizardEdit | null;
}

/**
 * The new-evaluation modal is a global overlay (spec §2): the header and the client page open it
 * through this store; the main layout renders it. Closing keeps `session` until the next opening,
 * so the modal animates out with its content and then resets.
 */
let state: WizardState = { open: false, session: 0, client: null, edit: null };
const listeners = new Set<() => void>();

function set(next: WizardState) {
  state = next;
  for (const listener of listeners) listener();
}

export const evaluationWizard = {
  open: (client: WizardClient | null = null) => set({ open: true, session: state.session + 1, client, edit: null }),
  edit: (client: WizardClient, edit: WizardEdit) => set({ open: true, session: state.session + 1, client, edit }),
  close: () => set({ ...state, open: false }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

export function useEvaluationWizard(): WizardState {
  return useSyncExternalStore(evaluationWizard.subscribe, evaluationWizard.get, evaluationWizard.get);
}
