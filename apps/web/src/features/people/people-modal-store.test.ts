import { afterEach, describe, expect, it } from 'vitest';
import { peopleModals } from './people-modal-store.ts';

afterEach(() => {
  peopleModals.close();
  peopleModals.clear();
});

describe('people modal store', () => {
  it('keeps the target while the modal animates out, then forgets it', () => {
    peopleModals.open({ kind: 'editClient', userId: 7 });
    expect(peopleModals.get()).toEqual({ modal: { kind: 'editClient', userId: 7 }, open: true });
    peopleModals.close();
    expect(peopleModals.get()).toEqual({ modal: { kind: 'editClient', userId: 7 }, open: false });
    peopleModals.clear();
    expect(peopleModals.get()).toEqual({ modal: null, open: false });
  });

  it('does not forget a modal opened again before the old one finished closing', () => {
    peopleModals.open({ kind: 'newClient' });
    peopleModals.close();
    peopleModals.open({ kind: 'credits', userId: 3 });
    peopleModals.clear();
    expect(peopleModals.get().modal).toEqual({ kind: 'credits', userId: 3 });
  });

  it('notifies subscribers', () => {
    let calls = 0;
    const unsubscribe = peopleModals.subscribe(() => (calls += 1));
    peopleModals.open({ kind: 'newNetworkUser' });
    peopleModals.close();
    unsubscribe();
    peopleModals.clear();
    expect(calls).toBe(2);
  });
});
