// `npm start` runs the built server with node directly (a nested `npm run` cost about 0.4 s of every start, issue 33
// item 6): the root script, the server's own, the container and the systemd unit must pass node the same flags.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const script = (file: string) => (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;
/** The node options of the command that runs `dist/server.js`, in order. */
const flagsOf = (command: string) => {
  const run = command.slice(command.lastIndexOf('node '));
  return run.split(/\s+/).filter((word) => word.startsWith('--'));
};

describe('the node flags of a start', () => {
  const server = flagsOf(script('apps/server/package.json'));

  it('are the server package’s, in npm start, the container and the systemd unit', () => {
    expect(server).toContain('--v8-pool-size=2');
    expect(flagsOf(script('package.json'))).toEqual(server);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(flagsOf((JSON.parse(cmd ?? '[]') as string[]).join(' '))).toEqual(server);
    const exec = /^ExecStart=(.*)$/m.exec(read('deploy/systemd/medida@.service'))?.[1] ?? '';
    expect(flagsOf(exec.replace('/usr/bin/node', 'node'))).toEqual(server);
  });

  it('start the built server after the build check, not through a second npm', () => {
    expect(script('package.json')).toMatch(
      /^node tools\/build\/build-if-changed\.mjs && node .* apps\/server\/dist\/server\.js$/,
    );
  });
});
