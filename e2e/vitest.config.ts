import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app + API on a fresh embedded database) for the whole run,
// driven by playwright-core through Debian's /usr/bin/chromium. Files run one after another.
export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
