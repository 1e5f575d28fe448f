/** Deepest nesting a request body may have: real bodies stay under 6 (an evaluation's clinical exams). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found in one pass without parsing: a body of
 * 20,000 `[` parsed fine but overflowed the stack of every recursive walk after it (a 500, API fuzzing).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
