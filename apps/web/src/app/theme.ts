import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  },
});
