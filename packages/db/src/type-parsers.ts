const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

/** int8 (count(*), sums) as a JS number while exact; beyond 2^53 we fail loudly rather than round. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds Number.MAX_SAFE_INTEGER`);
  return n;
}

/**
 * Type parsing is chosen deliberately and is the same for both drivers:
 * int8 → number (checked), numeric → string (exact decimals), date → 'YYYY-MM-DD' string
 * (a JS Date would shift calendar dates across time zones), timestamptz → Date.
 */
export const textParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: parseInt8,
  [OID.numeric]: (value) => value,
  [OID.date]: (value) => value,
};
