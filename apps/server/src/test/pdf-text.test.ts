import { renderToBuffer, Document, Page, Text } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from './pdf-text.ts';

const pdf = (text: string, extra: Record<string, unknown> = {}) =>
  renderToBuffer(h(Document, { title: 'Título', keywords: 'k1 k2', ...extra }, h(Page, null, h(Text, null, text))));

describe('pdfText', () => {
  it('reads the text of a page, whitespace collapsed', async () => {
    expect(pdfText(await pdf('Versión   1\nMotor'))).toBe('Versión 1 Motor');
  });

  it('reads an encrypted PDF only with its password', async () => {
    const locked = await pdf('Secreto', { userPassword: 'pw123456', ownerPassword: 'pw123456', pdfVersion: '1.7ext3' });
    expect(pdfText(locked)).toBe('');
    expect(pdfText(locked, 'pw123456')).toBe('Secreto');
  });

  it('reads the document information', async () => {
    expect(pdfInfo(await pdf('x'))).toMatchObject({ Title: 'Título', Keywords: 'k1 k2' });
  });
});
