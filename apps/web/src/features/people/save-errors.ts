import type { FieldErrors } from '@medida/contracts';
import { firstFieldErrors } from '../../lib/api-error.ts';

/** Server 422 fields that the form shows under a different path (files_info.N.x → attachments.N.x). */
export function toFormPath(field: string): string {
  const info = /^files_info\.(\d+)\.(title|description)$/.exec(field);
  return info ? `attachments.${info[1]}.${info[2]}` : field;
}

/**
 * Splits a 422 field map into errors the form can show next to its inputs and messages about
 * fields it does not have (those go into the toast so nothing is lost).
 */
export function splitFieldErrors(
  fieldErrors: FieldErrors | undefined,
  formFields: readonly string[],
): { form: Record<string, string>; other: string[] } {
  const form: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(firstFieldErrors(fieldErrors))) {
    const path = toFormPath(field);
    const [formField = ''] = path.split('.');
    if (formFields.includes(formField)) form[path] = message;
    else other.push(message);
  }
  return { form, other };
}
