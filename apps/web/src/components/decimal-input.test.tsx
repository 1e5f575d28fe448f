import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@medida/contracts/constants';
import { parseDecimalText } from '../lib/decimal-text.ts';
import { renderWithProviders, tr } from '../test/render.tsx';
import { DecimalInput } from './decimal-input.tsx';

const ONE = { decimals: 1, allowNegative: false };

describe('parseDecimalText', () => {
  it.each([
    ['68,5', 68.5],
    ['68.5', 68.5],
    ['5,5', 5.5],
    ['5.5', 5.5],
    [' 68,5 kg', 68.5],
    ['12 mm', 12],
    ['80', 80],
    [',5', 0.5],
    ['68,', 68],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['+7', 7],
  ])('reads %j as %d', (text, value) => {
    expect(parseDecimalText(text, ONE)).toEqual({ ok: true, value });
  });

  it('reads an empty text as an empty field', () => {
    expect(parseDecimalText('  ', ONE)).toEqual({ ok: true, value: null });
  });

  it.each(['abc', '1.2.3', '1,2,3', '12,34.5', '1.23,4.5', '.', '6 8 x 5'])('refuses %j rather than guess', (text) => {
    expect(parseDecimalText(text, ONE)).toEqual({ ok: false, reason: 'notANumber' });
  });

  it('refuses a negative number where none is allowed, and more decimals than the field keeps', () => {
    expect(parseDecimalText('-5', ONE)).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimalText('-5,5', { decimals: 1, allowNegative: true })).toEqual({ ok: true, value: -5.5 });
    expect(parseDecimalText('68,55', ONE)).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(parseDecimalText('5,5', { decimals: 0, allowNegative: false })).toEqual({
      ok: false,
      reason: 'tooManyDecimals',
    });
  });
});

/** A field held by its parent as the wizard's form holds it, with the value shown beside it. */
function Held({ decimals = 1 }: { decimals?: number }) {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <DecimalInput label="Peso" decimalScale={decimals} value={value} onChange={setValue} />
      <output data-testid="held">{JSON.stringify(value)}</output>
    </>
  );
}

const held = () => screen.getByTestId('held').textContent;

function paste(input: HTMLInputElement, text: string) {
  input.focus();
  input.setSelectionRange(0, input.value.length);
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

const SEPARATOR: Record<Language, string> = { es: ',', en: '.', pt: ',' };

describe('DecimalInput', () => {
  for (const lang of ['es', 'en', 'pt'] as const) {
    it(`in ${lang}: takes "68,5" and "68.5" pasted or typed as 68.5 and shows it with "${SEPARATOR[lang]}"`, async () => {
      const { user } = await renderWithProviders(<Held />, { lang });
      const input = screen.getByLabelText('Peso') as HTMLInputElement;
      const shown = `68${SEPARATOR[lang]}5`;
      for (const text of ['68,5', '68.5']) {
        act(() => paste(input, text));
        expect(held()).toBe('68.5');
        expect(input.value).toBe(shown);
        await user.clear(input);
        await user.type(input, text);
        expect(held()).toBe('68.5');
        expect(input.value).toBe(shown);
        await user.clear(input);
      }
      // A skinfold of 5,5 mm is never 55.
      act(() => paste(input, '5,5'));
      expect(held()).toBe('5.5');
    });
  }

  it('fills a text arriving at once (autofill, a test\u2019s fill) with either separator', async () => {
    await renderWithProviders(<Held />, { lang: 'es' });
    const input = screen.getByLabelText('Peso') as HTMLInputElement;
    for (const text of ['68.5', '68,5']) {
      input.setSelectionRange(0, input.value.length);
      act(() => {
        input.dispatchEvent(new InputEvent('beforeinput', { data: text, inputType: 'insertText', cancelable: true }));
      });
      expect(held()).toBe('68.5');
      expect(input.value).toBe('68,5');
    }
  });

  it('says why a pasted text was refused and keeps the value', async () => {
    await renderWithProviders(<Held />, { lang: 'pt' });
    const input = screen.getByLabelText('Peso') as HTMLInputElement;
    act(() => paste(input, '70'));
    act(() => paste(input, '1.2.3'));
    expect(held()).toBe('70');
    expect(screen.getByText(tr('pt', 'common.decimal.notANumber', { example: '68,5' }))).toBeTruthy();
    act(() => paste(input, '68,55'));
    expect(screen.getByText(tr('pt', 'common.decimal.tooManyDecimals', { count: 1 }))).toBeTruthy();
    act(() => paste(input, '71'));
    expect(held()).toBe('71');
    expect(screen.queryByText(tr('pt', 'common.decimal.tooManyDecimals', { count: 1 }))).toBeNull();
  });

  it('shows a stored number in the reader\u2019s format and never groups thousands', async () => {
    await renderWithProviders(
      <DecimalInput label="Plaquetas" decimalScale={2} value={1234.5} onChange={() => undefined} />,
      { lang: 'es' },
    );
    expect((screen.getByLabelText('Plaquetas') as HTMLInputElement).value).toBe('1234,5');
  });
});
