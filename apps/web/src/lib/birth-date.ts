import { dayjs } from './dates-locale.ts';
import { MAX_AGE_YEARS, MIN_AGE_YEARS } from './constants.ts';

const ISO = 'YYYY-MM-DD';

/** The range the birth-date picker allows (spec §5): from 100 to 13 years ago, as YYYY-MM-DD. */
export function birthDateBounds(today: string): { minDate: string; maxDate: string } {
  const day = dayjs(today);
  return {
    minDate: day.subtract(MAX_AGE_YEARS, 'year').format(ISO),
    maxDate: day.subtract(MIN_AGE_YEARS, 'year').format(ISO),
  };
}

/** Whole years between a birth date and today (birthdays count on the day itself). */
export function ageInYears(birth: string, today: string): number {
  const b = dayjs(birth);
  const t = dayjs(today);
  let age = t.year() - b.year();
  if (t.month() < b.month() || (t.month() === b.month() && t.date() < b.date())) age -= 1;
  return age;
}

export type BirthDateCheck = 'missing' | 'tooYoung' | 'tooOld' | 'confirmThirteen' | 'ok';

/** Registration rule: 13 to 100 years; exactly 13 asks the user to confirm before submitting. */
export function checkBirthDate(birth: string | null, today: string): BirthDateCheck {
  if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth) || !dayjs(birth).isValid()) return 'missing';
  const age = ageInYears(birth, today);
  if (age < MIN_AGE_YEARS) return 'tooYoung';
  if (age > MAX_AGE_YEARS || (age === MAX_AGE_YEARS && birth < birthDateBounds(today).minDate)) return 'tooOld';
  return age === MIN_AGE_YEARS ? 'confirmThirteen' : 'ok';
}

/** Spec §5's helper for client forms: an age of more than 156 months and up to 1200 months. */
const MIN_AGE_MONTHS = 156;
const MAX_AGE_MONTHS = 1200;

/** Whole months between a birth date and today. */
export function ageInMonths(birth: string, today: string): number {
  return dayjs(today).diff(dayjs(birth), 'month');
}

/** Client and network-user forms: the picker offers 13–100 years ago, this helper has the last word. */
export function checkManagedBirthDate(birth: string | null, today: string): Exclude<BirthDateCheck, 'confirmThirteen'> {
  if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth) || !dayjs(birth).isValid()) return 'missing';
  const months = ageInMonths(birth, today);
  if (months <= MIN_AGE_MONTHS) return 'tooYoung';
  if (months > MAX_AGE_MONTHS) return 'tooOld';
  return 'ok';
}
