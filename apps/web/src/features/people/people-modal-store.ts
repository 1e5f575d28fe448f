import { useSyncExternalStore } from 'react';

/**
 * The people modals are global overlays (spec §2): any screen opens them through this store and the
 * main layout renders them. `open` goes false first (the modal animates out), then `clear` drops the
 * target once the exit transition ends, which unmounts the form: that is how every modal resets.
 */
export type PeopleModal =
  | { kind: 'newClient' }
  | { kind: 'editClient'; userId: number }
  | { kind: 'newNetworkUser' }
  | { kind: 'editNetworkUser'; userId: number }
  | { kind: 'credits'; userId: number };

export interface PeopleModalState {
  modal: PeopleModal | null;
  open: boolean;
}

let state: PeopleModalState = { modal: null, open: false };
const listeners = new Set<() => void>();

function set(next: PeopleModalState) {
  state = next;
  for (const listener of listeners) listener();
}

export const peopleModals = {
  open: (modal: PeopleModal) => set({ modal, open: true }),
  close: () => set({ ...state, open: false }),
  /** After the exit transition: forget the target so the next opening starts clean. */
  clear: () => {
    if (!state.open) set({ modal: null, open: false });
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

export function usePeopleModals(): PeopleModalState {
  return useSyncExternalStore(peopleModals.subscribe, peopleModals.get, peopleModals.get);
}

/** Whether a modal of `kind` is the current one (and its props, while it animates out too). */
export function useModalOf<K extends PeopleModal['kind']>(
  kind: K,
): { opened: boolean; modal: Extract<PeopleModal, { kind: K }> | null } {
  const { modal, open } = usePeopleModals();
  const mine = modal?.kind === kind ? (modal as Extract<PeopleModal, { kind: K }>) : null;
  return { opened: open && mine !== null, modal: mine };
}
