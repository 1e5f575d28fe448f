import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@medida/domain';
import { decimalSeparatorOf, parseDecimalText, type DecimalText } from '../lib/decimal-text.ts';

export type DecimalInputProps = Omit<NumberInputProps, 'decimalSeparator' | 'thousandSeparator' | 'ref'>;

// Without a decimal scale a field still takes a real measurement's precision, never an endless fraction.
const DEFAULT_DECIMALS = 6;

/**
 * Every numeric input of the app (decision 182): shows its number with the reader's decimal separator
 * ("68,5" in es and pt, "68.5" in en), takes either separator typed, pasted, dropped or filled in at once,
 * never groups thousands, and says why a pasted text was refused instead of keeping its digits only.
 */
export function DecimalInput({
  decimalScale,
  allowDecimal = true,
  allowNegative = false,
  onChange,
  error,
  ...props
}: DecimalInputProps) {
  const { t, i18n } = useTranslation();
  const decimals = allowDecimal ? (decimalScale ?? DEFAULT_DECIMALS) : 0;
  const separator = decimalSeparatorOf(i18n.language);
  const [refused, setRefused] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const explain = (reason: Exclude<DecimalText, { ok: true }>['reason']) => {
    if (reason === 'tooManyDecimals' && decimals === 0) return t('common.decimal.wholeNumber');
    if (reason === 'tooManyDecimals') return t('common.decimal.tooManyDecimals', { count: decimals });
    if (reason === 'negative') return t('common.decimal.negative');
    const example = numberFormat(i18n.language).format(decimals === 0 ? 68 : 68.5);
    return t('common.decimal.notANumber', { example });
  };

  // The text as it would read with `inserted` in place of the selection, parsed whole.
  const insert = (input: HTMLInputElement, inserted: string) => {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const read = parseDecimalText(input.value.slice(0, start) + inserted + input.value.slice(end), {
      decimals,
      allowNegative,
    });
    if (!read.ok) return setRefused(explain(read.reason));
    setRefused(null);
    onChange?.(read.value ?? '');
  };
  const insertRef = useRef(insert);
  insertRef.current = insert;

  // A text arriving at once (autofill, dictation, a test's fill) would reach react-number-format, which keeps only
  // the separator of the language and drops the other one: "68.5" in es would become 685.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onBeforeInput = (event: InputEvent) => {
      const data = event.data;
      if (!data || data.length < 2 || !/[.,]/.test(data)) return;
      event.preventDefault();
      insertRef.current(input, data);
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  return (
    <NumberInput
      {...props}
      ref={inputRef}
      decimalSeparator={separator}
      allowedDecimalSeparators={['.', ',']}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={allowNegative}
      onChange={(value) => {
        setRefused(null);
        onChange?.(value);
      }}
      // Before Mantine's own paste handling, which would read "1,234" as a thousand in en: one reading everywhere.
      onPasteCapture={(event) => {
        event.preventDefault();
        event.stopPropagation();
        insert(event.currentTarget, event.clipboardData.getData('text'));
      }}
      error={error || refused}
    />
  );
}
