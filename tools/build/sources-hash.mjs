/**
 * The fingerprint of what `npm start`'s builds read (decision 211): a hash of every input file's path and content.
 * Installed packages, the builds themselves, caches and test artefacts are not inputs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the two builds read: the apps, the workspace packages, the lockfile and the shared compiler settings. */
export const BUILD_INPUTS = ['apps/web', 'apps/server', 'packages', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.vite', 'coverage', 'artifacts', 'bench']);

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter(
      (file) =>
        !path
          .relative(full, file)
          .split(path.sep)
          .some((part) => SKIPPED.has(part)),
    )
    .map((file) => path.relative(root, file));
}

/** @param {string} root the repository @param {string[]} inputs files or folders under it */
export function sourcesHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? filesUnder(root, input) : [input];
    for (const file of files.sort()) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}
