import { darken, type CSSVariablesResolver, type MantineColorsTuple, type MantineTheme } from '@mantine/core';

/** WCAG 2.x relative luminance of a `#rrggbb` or `rgba(r, g, b, a)` colour (alpha ignored). */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16))
    : (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  // A colour this cannot read counts as black.
  const [r = 0, g = 0, b = 0] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal-size text. */
export const TEXT_CONTRAST = 4.5;

/**
 * The lightest shade (from 7 on) of a palette that reads at ≥ 4.5:1 on every one of `backgrounds`, or, when
 * none does (yellow, orange), shade 9 darkened until it does.
 */
function readableShade(palette: MantineColorsTuple, backgrounds: string[]): string {
  const readable = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= TEXT_CONTRAST);
  const shade = palette.slice(7).find(readable);
  if (shade) return shade;
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const darker = darken(palette[9], amount);
    if (readable(darker)) return darker;
  }
  return '#000000';
}

/**
 * Issue 15 (accessibility): in the light scheme Mantine writes coloured text (`c="red"`, light and outline
 * badges, subtle buttons) at the primary shade, which for red, teal, green, orange or yellow is below 4.5:1
 * on white. Every theme colour's text variables get a shade that is readable on white, on the page's gray-0,
 * on the colour's own light background and on the primary colour's (a highlighted row).
 */
export const readableColorsResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (!palette || name === 'dark' || name === 'gray') continue;
    // Also on the primary colour's light background: the highlighted row, the active item (issue 30 item 15).
    const primaryLight = theme.colors[theme.primaryColor]?.[1] ?? '#ffffff';
    const text = readableShade(palette, ['#ffffff', theme.colors.gray[0], palette[1], primaryLight]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
};
