import type { UseFormReturnType } from '@mantine/form';
import { memo, type FunctionComponent } from 'react';
import type { WizardValues } from './wizard-form.ts';

type WizardForm = UseFormReturnType<WizardValues>;

/** What a wizard section shows: the values it reads, and the paths its fields' errors sit under. */
export interface SectionShows {
  values: (values: WizardValues) => unknown;
  errorsUnder: readonly string[];
}

/** One render's share of the form for a section, as text (the form's `values` and `errors` are that render's). */
function shownBy(form: WizardForm, shows: SectionShows): string {
  const errors = Object.entries(form.errors).filter(([path]) => shows.errorsUnder.some((p) => path.startsWith(p)));
  return JSON.stringify([shows.values(form.values), errors]);
}

/**
 * Whether two renders' props other than the form are the same objects: the wizard passes stable handlers and labels,
 * so a difference there is a real change. Each wizard memo compares these, then what it shows of the form.
 */
export function sameBesideForm<P extends object>(before: P, after: P): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof P>;
  return [...keys].every((key) => before[key] === after[key]);
}

/**
 * A wizard section that renders again only when what it shows changed. Mantine's controlled form renders the whole
 * wizard on every key and copies every value on each change, so no object keeps its identity: the section names the
 * values it reads and where its errors sit, and those are compared by value (decision 249). A section that read a
 * value it did not name would show it stale: the wizard's tests type into every section.
 */
export function memoOnShown<P extends { form: WizardForm }>(Section: FunctionComponent<P>, shows: SectionShows) {
  return memo(
    Section,
    ({ form: a, ...before }, { form: b, ...after }) =>
      sameBesideForm(before, after) && shownBy(a, shows) === shownBy(b, shows),
  );
}
