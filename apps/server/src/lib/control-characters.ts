import { CONTROL_CHARACTERS, ErrorCode } from '@medida/contracts';
import { AppError } from './app-error.ts';

/** Dotted paths of the strings (and object keys) under `value` that hold control characters. */
export function controlCharacterPaths(value: unknown, path = '', found: string[] = []): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (CONTROL_CHARACTERS.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterPaths(item, path ? `${path}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (CONTROL_CHARACTERS.test(key)) found.push(at);
      else controlCharacterPaths(item, at, found);
    }
  }
  return found;
}

export const controlCharactersError = (paths: string[]) =>
  new AppError(422, ErrorCode.validation, 'errors.validation', {
    fields: Object.fromEntries(paths.map((p) => [p, ['validation.controlCharacters']])),
  });
