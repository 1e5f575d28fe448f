/** Whole years between a 'YYYY-MM-DD' birth date and `today` (UTC calendar), as people count birthdays. */
export function ageInYears(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** Spec §5/§9: registration and clients are 13 to 100 years old. */
export const MIN_AGE = 13;
export const MAX_AGE = 100;
