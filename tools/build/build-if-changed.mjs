#!/usr/bin/env node
/**
 * `npm start`'s first step (issue 33 item 6, decision 211): builds the web app and the server only when their
 * sources changed since the last build, so a start on unchanged sources goes straight to the server.
 * `--force` (`npm run build`) builds unconditionally. Plain Node, no tsx: this runs before every start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash } from './sources-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];
/** The fingerprint of the sources the current build came from, kept beside the server's build. */
const STAMP = path.join(root, 'apps/server/dist/.sources-hash');

function build(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const wanted = sourcesHash(root);
const built = OUTPUTS.every((file) => existsSync(path.join(root, file)));
const current = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (!process.argv.includes('--force') && built && current === wanted) {
  console.log('Sources unchanged since the last build: starting the built server.');
} else {
  build('@medida/web');
  build('@medida/server');
  writeFileSync(STAMP, `${wanted}\n`);
}
