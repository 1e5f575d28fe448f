import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { seedE2eFixtures } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'medida-e2e-'));
  // Fixture users are written through the real data layer before the server takes the database.
  await seedE2eFixtures(dataDir);
  const server = await startServer(dataDir);
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    if (!process.env.KEEP_E2E_DATA) await rm(dataDir, { recursive: true, force: true });
  };
}
