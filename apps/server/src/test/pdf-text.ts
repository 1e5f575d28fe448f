import { inflateSync } from 'node:zlib';

function tryInflate(data: string): string | undefined {
  try {
    return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
  } catch {
    return undefined;
  }
}

/**
 * Test helper: the text of a PDF rendered with the standard fonts (WinAnsi strings in TJ/Tj
 * operators of Flate streams). Not a general PDF parser; enough to check what a report says.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    // The optional \r before "endstream" may really be the stream's last byte (1 in 256 streams).
    const body = tryInflate(m[1]!) ?? tryInflate(m[1]! + m[2]!) ?? m[1]!;
    for (const op of body.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]!) : [op[2]!];
      lines.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
