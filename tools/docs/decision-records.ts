/**
 * The shape every docs/decisions/*.md record has (decision 181):
 *
 *   # NNN — <title>
 *
 *   Status: accepted (YYYY-MM-DD)      (or proposed, superseded (YYYY-MM-DD), deprecated (YYYY-MM-DD))
 *   Supersedes: none                   (or 031, or 031 (its "Ages" part), 104 (…), …)
 *   Superseded by: none
 *
 *   ## Context
 *   ## Decision
 *   ## Consequences
 *   (any further sections)
 *
 * checkDecisionRecords() returns one message per broken rule; decision-records.test.ts asserts it returns none for
 * the real folder and the right message for each kind of broken record.
 */

export interface RecordFile {
  /** The file name, e.g. `090-naming-spanish-wire-english-code.md`. */
  name: string;
  text: string;
}

interface ParsedRecord {
  file: string;
  number: string;
  /** Records named in the text as "decision 090", "decisions 104 and 105", "docs/decisions/091". */
  mentions: string[];
  supersedes: string[];
  supersededBy: string[];
  status: string;
}

const REQUIRED_SECTIONS = ['Context', 'Decision', 'Consequences'] as const;

const MENTION = /\b(?:[Dd]ecisions? |docs\/decisions\/)(\d{3}(?:(?:, | and | or )\d{3})*)/g;
const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADING = /^# (\d{3}) — \S.*$/;
const STATUS =
  /^Status: (?:(accepted|superseded|deprecated) \((\d{4}-\d{2}-\d{2})\)|(proposed)(?: \((\d{4}-\d{2}-\d{2})\))?)$/;

/** `none`, or references separated by commas, each a three-digit number with an optional note in parentheses. */
function parseReferences(value: string): string[] | null {
  if (value === 'none') return [];
  const items = splitOutsideParentheses(value);
  const numbers: string[] = [];
  for (const item of items) {
    const [, number] = /^(\d{3})(?: \(.+\))?$/.exec(item.trim()) ?? [];
    if (number === undefined) return null;
    numbers.push(number);
  }
  return numbers.length > 0 ? numbers : null;
}

function splitOutsideParentheses(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items;
}

function parseRecord(file: RecordFile, problems: string[]): ParsedRecord | null {
  const where = file.name;
  const nameMatch = FILE_NAME.exec(file.name);
  if (!nameMatch) problems.push(`${where}: the file name is not NNN-kebab-case.md`);
  const lines = file.text.split('\n');
  const [, number] = HEADING.exec(lines[0] ?? '') ?? [];
  if (number === undefined) {
    problems.push(`${where}: the first line is not "# NNN — <title>"`);
    return null;
  }
  if (nameMatch && nameMatch[1] !== number) {
    problems.push(`${where}: the heading's number ${number} differs from the file name's ${nameMatch[1]}`);
  }
  // The three header lines come right after the heading's blank line, in this order.
  const [blank, statusLine, supersedesLine, supersededByLine] = lines.slice(1, 5);
  if (blank !== '') problems.push(`${where}: the heading is not followed by a blank line`);
  const status = STATUS.exec(statusLine ?? '');
  if (!status) {
    problems.push(
      `${where}: line 3 is not "Status: accepted|superseded|deprecated (YYYY-MM-DD)" or "Status: proposed": ${JSON.stringify(statusLine)}`,
    );
  }
  const [, supersedes] = /^Supersedes: (.+)$/.exec(supersedesLine ?? '') ?? [];
  const supersedesRefs = supersedes === undefined ? null : parseReferences(supersedes);
  if (!supersedesRefs) problems.push(`${where}: line 4 is not "Supersedes: none" or "Supersedes: NNN[ (note)], …"`);
  const [, supersededBy] = /^Superseded by: (.+)$/.exec(supersededByLine ?? '') ?? [];
  const supersededByRefs = supersededBy === undefined ? null : parseReferences(supersededBy);
  if (!supersededByRefs) {
    problems.push(`${where}: line 5 is not "Superseded by: none" or "Superseded by: NNN[ (note)], …"`);
  }
  const statusWord = status?.[1] ?? status?.[3] ?? '';
  if (statusWord === 'superseded' && supersededByRefs?.length === 0) {
    problems.push(`${where}: the status is superseded but "Superseded by" names no record`);
  }

  // The first three second-level sections are Context, Decision and Consequences, in that order; more may follow.
  const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3).trim());
  REQUIRED_SECTIONS.forEach((name, i) => {
    if (sections[i] !== name) {
      problems.push(
        `${where}: section ${i + 1} should be "## ${name}", found ${sections[i] === undefined ? 'none' : `"## ${sections[i]}"`}`,
      );
    }
  });
  for (const name of REQUIRED_SECTIONS) {
    const at = lines.indexOf(`## ${name}`);
    if (at === -1) continue;
    const next = lines.findIndex((l, i) => i > at && l.startsWith('## '));
    const body = lines.slice(at + 1, next === -1 ? undefined : next).join('\n');
    if (body.trim() === '') problems.push(`${where}: the "## ${name}" section is empty`);
  }
  const mentions = [...file.text.matchAll(MENTION)].flatMap(([, list = '']) => list.match(/\d{3}/g) ?? []);
  return {
    file: file.name,
    number,
    mentions,
    supersedes: supersedesRefs ?? [],
    supersededBy: supersededByRefs ?? [],
    status: statusWord,
  };
}

export function checkDecisionRecords(files: readonly RecordFile[]): string[] {
  const problems: string[] = [];
  const records = files.map((f) => parseRecord(f, problems)).filter((r): r is ParsedRecord => r !== null);
  const byNumber = new Map<string, ParsedRecord>();
  for (const record of records) {
    const other = byNumber.get(record.number);
    if (other) problems.push(`${record.file}: number ${record.number} is also used by ${other.file}`);
    else byNumber.set(record.number, record);
  }
  for (const record of records) {
    for (const ref of new Set(record.mentions)) {
      if (!byNumber.has(ref)) problems.push(`${record.file}: mentions decision ${ref}, which is no record`);
    }
    for (const [refs, field, back, backField] of [
      [record.supersedes, 'Supersedes', 'supersededBy', 'Superseded by'],
      [record.supersededBy, 'Superseded by', 'supersedes', 'Supersedes'],
    ] as const) {
      for (const ref of refs) {
        const target = byNumber.get(ref);
        if (!target) problems.push(`${record.file}: "${field}" names ${ref}, which is no record`);
        else if (ref === record.number) problems.push(`${record.file}: "${field}" names the record itself`);
        else if (!target[back].includes(record.number)) {
          problems.push(
            `${record.file}: "${field}: ${ref}" but ${target.file}'s "${backField}" does not name ${record.number}`,
          );
        }
      }
    }
  }
  return problems;
}
