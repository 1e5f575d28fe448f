import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalAround, canonicalText, type ChainedFields } from './audit-chain.ts';

const id = fc.integer({ min: 1, max: 2_147_483_647 });
// Any text, including quotes, backslashes, control characters and characters beyond the BMP.
const text = fc.string({ unit: 'binary', maxLength: 40 });
const fields = fc.record({
  account_id: id,
  seq: id,
  occurred_at: fc.date({ min: new Date('2000-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
  actor_id: fc.option(id),
  actor_type: fc.option(fc.constantFrom(1, 2, 3)),
  client_id: id,
  resource_type: text,
  resource_id: fc.option(text),
  action: text,
  result: fc.constantFrom('success', 'denied'),
  request_id: fc.option(text),
  ip: fc.option(text),
  prev_hash: fc.stringMatching(/^[0-9a-f]{64}$/),
}) satisfies fc.Arbitrary<ChainedFields>;

describe('canonicalAround', () => {
  it('leaves the hex and integers the database fills in (migration 0024) and gives back the canonical text byte for byte', () => {
    fc.assert(
      fc.property(fields, (row) => {
        const { middle, tail } = canonicalAround(row);
        const filledIn = `["${row.prev_hash}",${row.account_id},${row.seq},${middle}${row.client_id}${tail}`;
        expect(filledIn).toBe(canonicalText(row));
      }),
      { numRuns: 2_000 },
    );
  });
});
