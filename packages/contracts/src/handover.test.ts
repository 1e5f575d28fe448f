import { describe, expect, it } from 'vitest';
import { deletionChoices } from './account.ts';
import { acceptsReceiver } from './handover.ts';

describe('acceptsReceiver: the modal offers whom the server accepts (decision 184)', () => {
  const direct = { branch_id: 7 };
  const deeper = { branch_id: 7 };
  const parent = { branch_id: null };
  it('"everyone" keeps the receiver\'s branch: every receiver is accepted', () => {
    expect(acceptsReceiver(direct, { all: true })).toBe(true);
    expect(acceptsReceiver(parent, { all: true })).toBe(true);
  });
  it('a chosen network never goes to someone inside it', () => {
    expect(acceptsReceiver(direct, { network_ids: [7] })).toBe(false);
    expect(acceptsReceiver(deeper, { network_ids: [3, 7] })).toBe(false);
    expect(acceptsReceiver(direct, { network_ids: [3] })).toBe(true);
    expect(acceptsReceiver(parent, { network_ids: [7] })).toBe(true);
    expect(acceptsReceiver(direct, { client_ids: [1] })).toBe(true);
  });
});

describe('deletionChoices', () => {
  it('nobody below: deleted without a choice; clients left: only "everything"; only a network: keep it or close it', () => {
    expect(deletionChoices({ clients: 0, network: 0 })).toEqual({ can_delete: true, choices: [] });
    expect(deletionChoices({ clients: 2, network: 1 })).toEqual({ can_delete: false, choices: ['everything'] });
    expect(deletionChoices({ clients: 0, network: 1 })).toEqual({
      can_delete: false,
      choices: ['keep_network', 'everything'],
    });
  });
});
