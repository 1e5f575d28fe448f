import { execFileSync } from 'node:child_process';

/**
 * Test helper: the text of a PDF as poppler's `pdftotext` reads it (embedded fonts through their
 * ToUnicode maps, as a reader's search and copy would), whitespace collapsed to single spaces so a
 * phrase wrapped across lines or table cells is still found. An encrypted PDF needs its `password`;
 * without it the text is empty (pdftotext refuses it).
 */
export function pdfText(pdf: Buffer, password?: string): string {
  try {
    const out = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), '-enc', 'UTF-8', '-', '-'], {
      input: pdf,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    return out.toString('utf8').replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/** The document information (Title, Author, Keywords…) as `pdfinfo` prints it. */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-enc', 'UTF-8', '-'], { input: pdf }).toString('utf8');
  return Object.fromEntries(
    out.split('\n').flatMap((line) => {
      const [, key, value = ''] = /^([^:]+):\s*(.*)$/.exec(line) ?? [];
      return key === undefined ? [] : [[key, value]];
    }),
  );
}

/** The images drawn in a PDF, as `pdfimages -list` lists them (each with its pixel size and type). */
export function pdfImages(pdf: Buffer): Array<{ page: number; width: number; height: number; type: string }> {
  const out = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString('utf8');
  // Two header lines ("page num type width height …" and dashes), then one line per image.
  return out
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 5)
    .map(([page, , type = '', width, height]) => ({
      page: Number(page),
      type,
      width: Number(width),
      height: Number(height),
    }));
}
