import { defineConfig } from 'vitest/config';
import { laneCount } from './support/lane-count.ts';

// Browser tests: real servers (built web app + API on a fresh embedded database), one per lane, driven by
// playwright-core through one Debian /usr/bin/chromium. A lane's files run one after another; the lanes run side by
// side, since one lane kept about a third of a core busy and waited the rest (decision 232).
export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: laneCount(),
    // A lane's files share its worker's modules: each file's own import of playwright-core and the support modules was
    // 84 s of the suite's time (decision 258). A support module's state lasts for the lane, so the screen rotation
    // counts its loops by file.
    isolate: false,
    // A guard against a hung test, not a speed target: CI's machine has run the suite 1.6–2.3× slower than a quiet one,
    // where the longest tests (three languages side by side) take about 55 s (decision 212).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
