import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Workspace packages are TypeScript sources, so they go into the bundle; every other package stays an import. */
const WORKSPACE_PREFIX = '@medida/';

const bundles = new Map<string, Promise<URL>>();

/**
 * A worker thread's entry when the code runs from its TypeScript sources (vitest, tsx): the entry and the workspace
 * modules it imports bundled by esbuild into one JavaScript file, once per process, that the thread starts with plain
 * node. Registering tsx in each thread instead started a loader thread and an esbuild of its own in every thread:
 * about half a second of CPU per embedded database the test suites open (decision 263). npm packages stay imports,
 * resolved from `<package>/node_modules` as the compiled server's are (apps/server/build.ts). The file's name is its
 * content's hash, so processes that bundle the same sources share it and a changed source gets a new file.
 */
export function sourceWorkerEntry(entry: URL): Promise<URL> {
  let bundle = bundles.get(entry.href);
  if (!bundle) {
    bundle = bundleEntry(entry);
    // A failed bundle is tried again by the next caller.
    bundle.catch(() => bundles.delete(entry.href));
    bundles.set(entry.href, bundle);
  }
  return bundle;
}

async function bundleEntry(entry: URL): Promise<URL> {
  // Only ever reached from the sources: the compiled server starts its workers from dist/ and has no esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-imports',
        setup(on) {
          on.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith(WORKSPACE_PREFIX) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const name = `${path.basename(fileURLToPath(entry), '.ts')}-${hash}.mjs`;
  // In the entry's package, so that its packages resolve as from its sources.
  const dir = path.join(packageRoot(fileURLToPath(entry)), 'node_modules/.cache/medida-workers');
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: another process may be reading the same name at that moment.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file);
}

/** The folder of the nearest package.json above a file. */
function packageRoot(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${file}`);
  }
}
