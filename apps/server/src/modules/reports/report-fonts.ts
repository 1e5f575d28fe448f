import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);

/**
 * Inter, embedded (subset) in every report: it draws every character of es/pt names and texts and of
 * the reference ranges ("ő", "—", "≥", "≤"), which the built-in Latin-1 Helvetica does not, and neither
 * does the packaged Noto Sans (no "≥"); issue 14, decision 073.
 */
export const REPORT_FONT = 'Inter';
Font.register({
  family: REPORT_FONT,
  fonts: [
    { src: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'), fontWeight: 400 },
    { src: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'), fontWeight: 700 },
  ],
});

// Whole words only: hyphenated names and citations would read badly (and not be searchable).
Font.registerHyphenationCallback((word) => [word]);
