import { createTheme, mergeThemeOverrides, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** Medida's brand colour: a clinical teal, readable on white (AA for text at shade 7+). */
const medida: MantineColorsTuple = [
  '#e3fafc',
  '#c5f0f5',
  '#99e2eb',
  '#66d0de',
  '#3bbccf',
  '#1fa3b8',
  '#13879b',
  '#0b7285',
  '#085a69',
  '#05424d',
];

export const theme = createTheme({
  primaryColor: 'medida',
  primaryShade: 7,
  colors: { medida },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Filled badges and buttons pick black or white text, whichever reads better on their colour: 0.179 is
  // the luminance where both give the same contrast, so either choice is ≥ 4.58:1 (issue 15).
  autoContrast: true,
  luminanceThreshold: 0.179,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true } },
    // A toast's text under its title is gray-6 by default, 3.3:1 on white: gray-7 reads at 7:1 (issue 30 item 15).
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    // The focus placeholder Mantine puts first in a menu is a focusable "presentation": axe reads it as a child a
    // menu may not have (aria-required-children, critical). Without it the first item takes the focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than a phone scrolls sideways: its scroll area takes the keyboard focus, so arrows scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The theme in the reader's language: every close button (dialogs, toasts, alerts) is an icon, so each gets the
 * name "Close" in that language unless its own code names it (axe: buttons need a name; issue 30 item 15).
 */
export function localizedTheme(closeLabel: string): MantineThemeOverride {
  return mergeThemeOverrides(theme, { components: { CloseButton: { defaultProps: { 'aria-label': closeLabel } } } });
}
