import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args.ts';
import { startServer } from './server.ts';
import { seedE2eFixtures } from './fixtures.ts';
import type { Lane } from './lane.ts';
import { laneCount } from './lane-count.ts';

/**
 * The fixtures written once through the real data layer, before any server takes a database: each lane starts on
 * its own copy of that data directory (seeding costs seconds of CPU that the lanes would spend side by side).
 */
async function seededDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'medida-e2e-seed-'));
  await seedE2eFixtures(dataDir);
  return dataDir;
}

async function startLane(seeded: string): Promise<{ lane: Lane; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'medida-e2e-'));
  await cp(seeded, dataDir, { recursive: true });
  const server = await startServer(dataDir);
  return {
    lane: { baseURL: server.baseURL, dataDir },
    stop: async () => {
      await server.stop();
      if (!process.env.KEEP_E2E_DATA) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const seeded = await seededDataDir();
  const [browser, ...lanes] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] }),
    ...Array.from({ length: laneCount() }, () => startLane(seeded)),
  ] as const).finally(() => rm(seeded, { recursive: true, force: true }));
  project.provide(
    'lanes',
    lanes.map((l) => l.lane),
  );
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await Promise.all(lanes.map((l) => l.stop()));
  };
}
