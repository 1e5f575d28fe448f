import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { scheduleBackups, scheduledArchiveName } from './backup-schedule.ts';

const HOUR = 3600_000;

/** Scheduled backups (decision 225): one when the newest archive is older than the interval, the newest `keep` kept. */
describe('scheduled backups', () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'medida-scheduled-'));
  });
  afterAll(async () => {
    await ctx?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the next archive when the newest is older than the interval, keeps the newest, leaves other files', async () => {
    const now = Date.now();
    for (const hoursAgo of [30, 20, 10]) {
      const at = new Date(now - hoursAgo * HOUR);
      const file = path.join(dir, scheduledArchiveName(at));
      await writeFile(file, 'old');
      await utimes(file, at, at);
    }
    await writeFile(path.join(dir, 'notes.txt'), 'not an archive');
    const log = { info: () => {}, error: (obj: object) => expect.fail(JSON.stringify(obj)) };
    const schedule = scheduleBackups({
      backup: { db: ctx.db, storage: ctx.app.deps.storage, now: () => new Date(), source: 'test' },
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      dir,
      intervalMs: 6 * HOUR,
      keep: 2,
      log,
      checkMs: 50,
    });
    try {
      let names: string[] = [];
      for (let i = 0; i < 600 && names.length !== 3; i++) {
        await sleep(100);
        names = (await readdir(dir)).sort();
      }
      // The new archive and the newest old one, plus the file the schedule does not own.
      expect(names).toEqual([
        scheduledArchiveName(new Date(now - 10 * HOUR)),
        expect.stringMatching(/^medida-\d{8}T\d{6}Z\.tar\.gz$/),
        'notes.txt',
      ]);
      // The next checks find a fresh archive: nothing more is written.
      await sleep(500);
      expect((await readdir(dir)).sort()).toEqual(names);
    } finally {
      await schedule.stop();
    }
  }, 120_000);
});
