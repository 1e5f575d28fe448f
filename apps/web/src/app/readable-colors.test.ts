import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, readableColorsResolver, TEXT_CONTRAST } from './readable-colors.ts';
import { theme } from './theme.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

describe('readable text colours (issue 15, WCAG AA)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('gives every theme colour a text shade readable on white, gray-0 and its own light background', () => {
    const { light } = readableColorsResolver(merged);
    for (const [name, palette] of Object.entries(merged.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const text = light[`--mantine-color-${name}-text`]!;
      for (const bg of ['#ffffff', merged.colors.gray[0], palette[1]])
        expect(contrast(text, bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it("is readable on the primary colour's light background too: the highlighted history row (issue 30 item 15)", () => {
    const { light } = readableColorsResolver(merged);
    const highlighted = merged.colors.medida![1];
    // red.9, the change figures' colour before, was 4.45:1 there.
    expect(contrast(merged.colors.red[9], highlighted)).toBeLessThan(TEXT_CONTRAST);
    for (const name of ['red', 'green', 'orange', 'teal'])
      expect(contrast(light[`--mantine-color-${name}-text`]!, highlighted), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps a palette shade where one is readable and darkens only where none is', () => {
    const { light } = readableColorsResolver(merged);
    expect(merged.colors.blue.slice(7)).toContain(light['--mantine-color-blue-text']);
    expect(merged.colors.yellow.slice(7)).not.toContain(light['--mantine-color-yellow-text']);
  });
});
