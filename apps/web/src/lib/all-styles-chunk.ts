// What lib/all-styles.ts loads: its own chunk with every Mantine style (a module with an export, so the bundler
// needs no namespace helper for it, decision 171).
import '../styles/all.css';

export const allStylesLoaded = true;
