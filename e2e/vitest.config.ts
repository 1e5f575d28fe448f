import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app + API on a fresh embedded database) for the whole run,
// driven by playwright-core through Debian's /usr/bin/chromium. Files run one after another.
export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // A guard against a hung test, not a speed target: CI's machine has run the suite 1.6–2.3× slower than a quiet one,
    // where the longest tests (three languages side by side) take about 55 s (decision 212).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
