import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDecisionRecords, type RecordFile } from './decision-records.ts';

const FOLDER = path.resolve(import.meta.dirname, '../../docs/decisions');

function realRecords(): RecordFile[] {
  return readdirSync(FOLDER)
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({ name, text: readFileSync(path.join(FOLDER, name), 'utf8') }));
}

function record(number: string, header: string, body = SECTIONS): RecordFile {
  return { name: `${number}-a-record.md`, text: `# ${number} — A record\n\n${header}\n\n${body}` };
}
const SECTIONS = '## Context\nWhy.\n\n## Decision\nWhat.\n\n## Consequences\nWhat follows.\n';
const PLAIN = 'Status: accepted (2026-11-29)\nSupersedes: none\nSuperseded by: none';

describe('decision records (docs/decisions, decision 181)', () => {
  it('every record has the template: number, status, supersedes lines, Context, Decision, Consequences', () => {
    const files = realRecords();
    expect(files.length).toBeGreaterThan(80);
    expect(checkDecisionRecords(files)).toEqual([]);
  });

  it('accepts a well-formed pair that supersede each other, and extra sections after the three', () => {
    const older = record('200', 'Status: superseded (2026-11-29)\nSupersedes: none\nSuperseded by: 201');
    const newer = record(
      '201',
      'Status: accepted (2026-11-29)\nSupersedes: 200 (all of it, see "Rejected")\nSuperseded by: none',
      `${SECTIONS}\n## Measured\nFigures.\n`,
    );
    expect(
      checkDecisionRecords([older, newer, record('202', 'Status: proposed\nSupersedes: none\nSuperseded by: none')]),
    ).toEqual([]);
  });

  const broken: [string, RecordFile[], string][] = [
    [
      'a file name that is not NNN-kebab',
      [{ ...record('200', PLAIN), name: '200_A Record.md' }],
      'not NNN-kebab-case.md',
    ],
    [
      "a heading whose number differs from the file name's",
      [{ ...record('200', PLAIN), name: '201-a-record.md' }],
      'differs from the file name',
    ],
    [
      'a heading without its number',
      [{ name: '200-x.md', text: `# A record\n\n${PLAIN}\n\n${SECTIONS}` }],
      'the first line is not',
    ],
    ['no Status line', [record('200', 'Supersedes: none\nSuperseded by: none')], 'line 3 is not "Status'],
    [
      'a status outside the allowed values',
      [record('200', PLAIN.replace('accepted', 'done'))],
      'line 3 is not "Status',
    ],
    ['a status without its date', [record('200', PLAIN.replace(' (2026-11-29)', ''))], 'line 3 is not "Status'],
    [
      'a Status line with trailing prose',
      [record('200', PLAIN.replace('(2026-11-29)', '(2026-11-29), issue 11'))],
      'line 3',
    ],
    ['no Supersedes line', [record('200', 'Status: accepted (2026-11-29)\nSuperseded by: none')], 'line 4 is not'],
    [
      'a Supersedes line in prose',
      [record('200', PLAIN.replace('Supersedes: none', 'Supersedes: decision 031'))],
      'line 4 is not',
    ],
    ['no Superseded by line', [record('200', 'Status: accepted (2026-11-29)\nSupersedes: none\n')], 'line 5 is not'],
    ['superseded without a successor', [record('200', PLAIN.replace('accepted', 'superseded'))], 'names no record'],
    [
      'a reference to a record that does not exist',
      [record('200', PLAIN.replace('Supersedes: none', 'Supersedes: 999'))],
      '999, which is no record',
    ],
    [
      'a supersession named on one side only',
      [record('200', PLAIN.replace('Supersedes: none', 'Supersedes: 201')), record('201', PLAIN)],
      `201-a-record.md's "Superseded by" does not name 200`,
    ],
    [
      'a successor named on one side only',
      [record('200', PLAIN), record('201', PLAIN.replace('Superseded by: none', 'Superseded by: 200'))],
      `200-a-record.md's "Supersedes" does not name 201`,
    ],
    [
      'two records with one number',
      [record('200', PLAIN), { ...record('200', PLAIN), name: '200-another.md' }],
      'also used by',
    ],
    [
      'no Consequences section',
      [record('200', PLAIN, '## Context\nWhy.\n\n## Decision\nWhat.\n')],
      'section 3 should be "## Consequences", found none',
    ],
    [
      'sections out of order',
      [record('200', PLAIN, '## Decision\nWhat.\n\n## Context\nWhy.\n\n## Consequences\nSo.\n')],
      'section 1 should be "## Context", found "## Decision"',
    ],
    [
      'an extra section before the three',
      [record('200', PLAIN, `## Not yet\nLater.\n\n${SECTIONS}`)],
      'section 1 should be "## Context", found "## Not yet"',
    ],
    [
      'a mention of a record that does not exist',
      [record('200', PLAIN, SECTIONS.replace('What.', 'What decisions 200 and 999 said.'))],
      'mentions decision 999, which is no record',
    ],
    [
      'an empty section',
      [record('200', PLAIN, '## Context\nWhy.\n\n## Decision\n\n## Consequences\nSo.\n')],
      'the "## Decision" section is empty',
    ],
  ];
  it.each(broken)('fails on %s', (_what, files, message) => {
    const problems = checkDecisionRecords(files);
    expect(problems.join('\n')).toContain(message);
  });

  it('fails on a real record broken in memory (its Consequences heading renamed)', () => {
    const files = realRecords();
    const i = files.findIndex((f) => f.name.startsWith('090-'));
    const original = files[i] as RecordFile;
    files[i] = { ...original, text: original.text.replace('## Consequences', '## Results') };
    expect(checkDecisionRecords(files)).toEqual([
      expect.stringContaining(`${original.name}: section 3 should be "## Consequences", found "## Results"`),
    ]);
  });
});
