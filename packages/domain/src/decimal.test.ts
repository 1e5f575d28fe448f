import { describe, expect, it } from 'vitest';
import { toCommonScale, toScaledDecimal, toTenths } from './decimal.ts';

describe('decimals as typed', () => {
  it('read a double as its shortest decimal', () => {
    expect(toScaledDecimal(19.9)).toEqual({ units: 199n, scale: 1 });
    expect(toScaledDecimal(20)).toEqual({ units: 20n, scale: 0 });
    expect(toScaledDecimal(-0.05)).toEqual({ units: -5n, scale: 2 });
    expect(toScaledDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(toScaledDecimal(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(() => toScaledDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('bring two readings to the larger number of decimals', () => {
    expect(toCommonScale(10, 10.25)).toEqual({ a: 1000n, b: 1025n, scale: 2 });
  });

  it('round to tenths half away from zero on the decimal, not on the binary value', () => {
    expect(toTenths(1.15)).toBe(12); // 1.15 is 1.149999… in binary
    expect(toTenths(1.25)).toBe(13);
    expect(toTenths(1.249)).toBe(12);
    expect(toTenths(4.05)).toBe(41);
    expect(toTenths(-0.05)).toBe(-1);
    expect(toTenths(3)).toBe(30);
    expect(toTenths(0.1)).toBe(1);
  });
});
