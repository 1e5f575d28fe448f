/** A new absolute balance the parent can afford: a whole number from 0 to current + parent's balance. */
export function creditsProblem(target: number, current: number, parentBalance: number): string | null {
  if (!Number.isInteger(target)) return 'validation.required';
  if (target < 0) return 'credits.notNegative';
  if (target - current > parentBalance) return 'credits.notEnough';
  return null;
}
