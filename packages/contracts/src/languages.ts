// The interface languages, in a module of their own that imports nothing: constants.ts re-exports them and
// registration-variants.ts (which constants.ts re-exports too) uses them, without an import cycle.
export const LANGUAGES = ['es', 'en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
