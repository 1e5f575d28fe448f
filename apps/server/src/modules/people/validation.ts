import { ErrorCode, type FieldErrors } from '@medida/contracts';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hasTranslation } from '../../lib/i18n.ts';

/**
 * Validates with a contract schema outside Fastify's body validation (multipart forms, whose text
 * parts arrive as strings) and throws the same 422 envelope, with translation keys per field.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // No prototype: a client's field named `toString` or `constructor` is a key like any other (it was a 500).
  const fields: FieldErrors = Object.create(null) as FieldErrors;
  const add = (field: string, key: string) => {
    const list = (fields[field] ??= []);
    if (!list.includes(key)) list.push(key);
  };
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'validation.unknownField');
      continue;
    }
    const key = hasTranslation(issue.message)
      ? issue.message
      : issue.code === 'invalid_type' && /received undefined/.test(issue.message)
        ? 'validation.required'
        : 'validation.invalid';
    add(path || prefix || 'body', key);
  }
  throw new AppError(422, ErrorCode.validation, 'errors.validation', { fields });
}

/** A multipart text part carrying JSON (files_info, deleted_files); JSON bodies may send the value itself. */
export function parseJsonField<S extends z.ZodType>(schema: S, field: string, raw: unknown): z.infer<S> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw fieldError(field, 'validation.invalid');
    }
  }
  return parseWith(schema, value, field);
}
