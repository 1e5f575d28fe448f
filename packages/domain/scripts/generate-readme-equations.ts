/**
 * Rewrites the equation table in README.md (between the EQUATIONS markers) from the `EQUATIONS`
 * registry, so the README cannot drift from the code. A unit test checks every id is listed.
 *
 * Usage: npx tsx packages/domain/scripts/generate-readme-equations.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUATIONS } from '../src/index.ts';

const readme = resolve(dirname(fileURLToPath(import.meta.url)), '../README.md');
const START = '<!-- EQUATIONS:START -->';
const END = '<!-- EQUATIONS:END -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');
const rows = EQUATIONS.map(
  (e) => `| \`${e.id}\` | ${cell(e.name)} | ${cell(e.citation)} | ${cell(e.validity)} | ${e.status} |`,
);
const table = ['| id | equation | citation | validity | status |', '|---|---|---|---|---|', ...rows].join('\n');

const text = readFileSync(readme, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < 0) throw new Error('README markers not found');
writeFileSync(readme, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
console.log(`README: ${EQUATIONS.length} equations`);
