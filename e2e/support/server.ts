import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the real server process (tsx) and waits until its health route answers. */
export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: baseURL,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        // Every browser of the suite signs in from 127.0.0.1: the per-address sign-in limit (20 a minute by
        // default) is raised so that one address can play many users; the limit itself is tested in auth.int.test.ts.
        LOGIN_IP_PER_MINUTE: '10000',
        LOGIN_IP_PER_HOUR: '100000',
        // Likewise for self-registration (5 an hour per address by default; tested in registration.int.test.ts).
        REGISTER_IP_PER_HOUR: '1000',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/web/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
