/** Business constants of the web app (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const API_TIMEOUT_MS = 30_000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const SEARCH_DEBOUNCE_MS = 800;
/** Birth dates accepted at registration: 13 to 100 years ago (spec §5). */
export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 100;
