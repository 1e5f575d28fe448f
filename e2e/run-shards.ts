// The browser suite in E2E_SHARDS parallel shards (default 1: one process, streamed as it goes). Each shard is its
// own vitest run with its own global set-up: its own fresh data directory, fixtures and server, so no state is
// shared between shards; inside a shard the files run one after another. On two cores two shards took 1,011 and
// 1,034 s against 1,100 s for one run (docs/quality.md, "CI time"): worth it only on a larger machine. Each
// shard's output is printed whole when it ends; the exit code is non-zero if any shard failed. Arguments (spec
// files, vitest flags) go to every shard.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// vitest's own command-line script, run with this node (the workspace hoists vitest to the root).
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
const args = ['run', '--config', 'vitest.config.ts', ...process.argv.slice(2)];

function runShard(index: number): Promise<number> {
  const shardArgs = shards > 1 ? [...args, `--shard=${index}/${shards}`] : args;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [vitest, ...shardArgs], {
      cwd: here,
      // One shard streams as it goes when it runs alone; parallel shards are collected and printed whole.
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (shards > 1) {
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n--- e2e shard ${index}/${shards}: exit ${code ?? 'signal'} after ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
