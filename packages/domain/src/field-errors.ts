// Field errors as the API and the wizard show them; a module of its own so that result.ts can name the type
// without importing schema.ts (which imports the engine's steps, which import result.ts).

export type FieldErrors = Record<string, string[]>;

/** Zod issues as `{ 'rockport.bpm': ['evaluation.errors.range'] }`; root issues go under '_root'. */
export function toFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  // No prototype: a path named `toString` or `constructor` is a key like any other.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_root';
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
