import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

/** A one-stream PDF body whose page text is `text`, drawn with a Tj operator. */
function pdfWith(content: string): Buffer {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n'),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('pdfText', () => {
  it('reads Tj and TJ strings from Flate streams', () => {
    expect(pdfText(pdfWith(`BT <${hex('Versión 1')}> Tj [<${hex('Mo')}> -20 <${hex('tor')}>] TJ ET`))).toBe(
      'Versión 1\nMotor',
    );
  });

  it('reads a stream whose compressed bytes end in a carriage return', () => {
    // Find content whose deflated form ends with 0x0D, the byte a "\r\nendstream" pattern could swallow.
    let content = '';
    for (let i = 0; ; i++) {
      content = `BT <${hex(`Informe ${i}`)}> Tj ET`;
      if (deflateSync(Buffer.from(content, 'latin1')).at(-1) === 0x0d) break;
    }
    expect(pdfText(pdfWith(content))).toMatch(/^Informe \d+$/);
  });
});
