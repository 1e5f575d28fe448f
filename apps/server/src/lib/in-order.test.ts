import { describe, expect, it } from 'vitest';
import { inOrder } from './in-order.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failLater = (ms: number, message: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('inOrder: reads asked together, answered as if one after the other', () => {
  it('answers every value in argument order (plain values too)', async () => {
    expect(await inOrder([later(20, 'a'), 'b', later(5, 3)])).toEqual(['a', 'b', 3]);
  });

  it('throws the first failure in argument order, not the first in time', async () => {
    await expect(inOrder([failLater(30, 'first'), failLater(1, 'second')])).rejects.toThrow('first');
  });

  it('waits for every read before it answers: none is left running', async () => {
    let done = false;
    await expect(
      inOrder([
        failLater(1, 'gate'),
        later(20, null).then(() => {
          done = true;
        }),
      ]),
    ).rejects.toThrow('gate');
    expect(done).toBe(true);
  });
});
