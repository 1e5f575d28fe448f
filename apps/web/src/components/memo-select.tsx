import { Select, type SelectProps } from '@mantine/core';
import { memo } from 'react';

/** What a Select shows. Its handlers are not compared (see MemoSelect). */
const SHOWN = [
  'value',
  'error',
  'data',
  'label',
  'description',
  'placeholder',
  'required',
  'disabled',
  'readOnly',
  'searchable',
  'clearable',
  'nothingFoundMessage',
  'limit',
] as const satisfies readonly (keyof SelectProps)[];

/**
 * A Select that renders again only when what it shows changed. Mantine renders every option of a Select, open or
 * closed, so the country list's 250 options rendered on every key typed anywhere in a person form: about two thirds
 * of each key's script (decision 249). Its handlers are not compared: give it handlers that act on the form's
 * current values (a Mantine form's `getInputProps` and `setFieldValue` do), and `data` that keeps its identity while
 * the list is the same.
 */
export const MemoSelect = memo(Select<string>, sameShown);

/** Whether two renders' props show the same Select (handlers aside). */
export function sameShown(before: SelectProps<string>, after: SelectProps<string>): boolean {
  return SHOWN.every((key) => before[key] === after[key]);
}
