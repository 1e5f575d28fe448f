import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The EICAR anti-virus test file: harmless, and detected by every scanner by design. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** Debian's clamav-daemon (apt-get install clamav-daemon; .ci/run installs it). */
export const clamdBinary = ['/usr/sbin/clamd', '/usr/bin/clamd'].find(
  (p) => spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0,
);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end('zPING\0'));
    socket.on('data', (d) => resolve(d.toString().startsWith('PONG')));
    socket.on('error', () => resolve(false));
  });

/**
 * A real clamd on a free loopback port. Its only signature database is a one-line body signature for
 * EICAR written here: this machine has no internet, so freshclam cannot download the official
 * databases. The scanning engine and the INSTREAM protocol are clamd's own.
 */
export async function startClamd(): Promise<{ host: string; port: number; stop(): void }> {
  if (!clamdBinary) throw new Error('clamd is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'medida-clamd-'));
  const dbDir = path.join(dir, 'db');
  mkdirSync(dbDir);
  writeFileSync(
    path.join(dbDir, 'medida-test.ndb'),
    `Eicar-Test-Signature:0:*:${Buffer.from(EICAR).toString('hex')}\n`,
  );
  const port = await freePort();
  const conf = path.join(dir, 'clamd.conf');
  writeFileSync(
    conf,
    [
      'Foreground yes',
      `DatabaseDirectory ${dbDir}`,
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'StreamMaxLength 25M',
    ].join('\n'),
  );
  const child = spawn(clamdBinary, ['-c', conf], { stdio: 'ignore' });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (await answers(port)) return { host: '127.0.0.1', port, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('clamd did not start');
}
