/**
 * The fault suite's pieces (issue 16, decision 144): an account to write into, the three writes the server is
 * killed during, and the invariants checked on the data the killed process left behind.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import { systemClock } from '../lib/clock.ts';
import { sha256OfBuffer } from '../lib/storage.ts';
import { verifyAuditTrail } from '../modules/audit/audit-verify.ts';
import { createCreditsService } from '../modules/credits/credits.service.ts';
import { createSessionsService } from '../modules/sessions/sessions.service.ts';
import { evaluationBody } from './evaluation-factories.ts';
import { chileIds, clientBody, editableFields, multipartPayload, sampleFiles, validRut } from './people-factories.ts';

/** Deterministic randomness (mulberry32): a seed replays the same delays and sizes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultAccount {
  ownerId: number;
  networkId: number;
  clientId: number;
  clientEmail: string;
  token: string;
  /** The client's editable fields, as the profile form sends them with an upload. */
  clientFields: Record<string, unknown>;
}

/** Credits granted to the professional at the start: the only credits that enter the system in this suite. */
const GRANTED_CREDITS = 1_000_000;

/**
 * A professional (credits from a ledger grant, nothing set directly), a network professional under it and a
 * client, plus a session for the professional: written through the data layer before the server starts.
 */
export async function seedFaultAccount(db: Kysely<Database>): Promise<FaultAccount> {
  const ids = await chileIds(db);
  const place = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const credits = createCreditsService({ db, clock: systemClock });
  const ownerId = await insertTestUser(db, {
    email: 'owner@faults.test',
    password_hash: 'not-used',
    creditos: 0,
    ...place,
  });
  await db
    .transaction()
    .execute((trx) =>
      credits.grantInTransaction(trx, { userId: ownerId, amount: GRANTED_CREDITS, note: 'fault suite' }),
    );
  const networkId = await insertTestUser(db, {
    email: 'network@faults.test',
    password_hash: 'not-used',
    parent_user_id: ownerId,
    especialidad: 'Nutricionista',
    trabajo: 'Independiente',
    ...place,
  });
  const clientEmail = 'client@faults.test';
  const clientId = await insertTestUser(db, {
    type: USER_TYPE.client,
    email: clientEmail,
    password_hash: 'not-used',
    parent_user_id: ownerId,
    rut: validRut(),
    ...place,
  });
  const sessions = createSessionsService({
    db,
    clock: systemClock,
    config: { session: { idleMinutes: 24 * 60, absoluteMinutes: 24 * 60 } },
  });
  const token = await sessions.issue(ownerId, { ip: '127.0.0.1', userAgent: 'fault suite' });
  const clientFields = { ...editableFields(clientBody(ids, ownerId, { email: clientEmail })), id_usuario: clientId };
  return { ownerId, networkId, clientId, clientEmail, token, clientFields };
}

/**
 * A second client of the account's professional, with one evaluation written through the API: the export the suite
 * kills is small (one report PDF), unlike the first client's, which the writes fill.
 */
export async function exportClient(db: Kysely<Database>, account: FaultAccount): Promise<number> {
  const ids = await chileIds(db);
  return insertTestUser(db, {
    type: USER_TYPE.client,
    email: 'export@faults.test',
    password_hash: 'not-used',
    parent_user_id: account.ownerId,
    rut: validRut(),
    pais_id: ids.pais_id,
    region_id: ids.region_id,
    comuna_id: ids.comuna_id,
  });
}

/** The request that writes one evaluation of `clientId` (the export's content). */
export const evaluationRequest = (account: FaultAccount, clientId: number): RequestInit =>
  json(account.token, evaluationBody(clientId, account.ownerId));

/** One write the server is killed during: how to send request n, and what its acknowledgement promises. */
export interface FaultOperation {
  name: 'evaluation creation' | 'credit transfer' | 'attachment upload';
  request(n: number, random: () => number): Promise<{ path: string; init: RequestInit }>;
  /** What a 200 answer promised, checked on the stored data afterwards. */
  acknowledged(n: number, body: unknown): void;
  /**
   * The acknowledged writes missing from the database (and stored writes missing their audit event), how many writes of this kind are stored, and anything else worth printing.
   */
  stored(db: Kysely<Database>): Promise<{ missing: string[]; count: number; note?: string }>;
}

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function faultOperations(account: FaultAccount): FaultOperation[] {
  const evaluationIds: number[] = [];
  let transfersAcknowledged = 0;
  const uploadTitles: string[] = [];
  return [
    {
      name: 'evaluation creation',
      request: async () => ({
        path: '/web/ingresaevaluacion',
        init: json(account.token, evaluationBody(account.clientId, account.ownerId)),
      }),
      acknowledged: (_, body) => evaluationIds.push((body as { evaluacion: { id: number } }).evaluacion.id),
      async stored(db) {
        const rows = await db
          .selectFrom('evaluations')
          .leftJoin('audit_events as a', (join) =>
            join
              .on('a.resource_type', '=', 'evaluation')
              .on('a.action', '=', 'create')
              .on('a.resource_id', '=', sql<string>`evaluations.id::text`),
          )
          .select(['evaluations.id', 'a.id as event'])
          .where('evaluations.client_id', '=', account.clientId)
          .execute();
        const audited = new Set(rows.filter((r) => r.event !== null).map((r) => r.id));
        const ids = new Set(rows.map((r) => r.id));
        // The event is written in the evaluation's transaction (decision 142): every stored evaluation has it,
        // acknowledged or not, so one without it is a partial record (the gap decision 144 found, now closed).
        const missing = [
          ...evaluationIds.filter((id) => !ids.has(id)).map((id) => `evaluation ${id}`),
          ...[...ids].filter((id) => !audited.has(id)).map((id) => `the audit event of evaluation ${id}`),
        ];
        return { missing, count: ids.size };
      },
    },
    {
      name: 'credit transfer',
      // Every request names a balance no earlier one did, alternating up and down: both directions move.
      request: async (n) => ({
        path: '/web/cambiacreditosnew',
        init: json(account.token, {
          id_usuario: account.ownerId,
          user_id: account.networkId,
          creditos: n % 2 === 0 ? 2 * n : 100_000 + n,
        }),
      }),
      acknowledged: () => void transfersAcknowledged++,
      async stored(db) {
        const { count } = await db
          .selectFrom('credit_ledger')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('from_user_id', 'is not', null)
          .where('to_user_id', 'is not', null)
          .executeTakeFirstOrThrow();
        // A transfer row is anonymous; the count must cover every acknowledged one.
        const short = transfersAcknowledged - Number(count);
        return { missing: short > 0 ? [`${short} acknowledged transfer(s)`] : [], count: Number(count) };
      },
    },
    {
      name: 'attachment upload',
      // Sizes from 20 kB to 4 MB: the bigger ones are still streaming to disk when the kill lands.
      async request(n, random) {
        const title = `fault-${n}`;
        const fields = {
          ...account.clientFields,
          id_uploader: account.ownerId,
          files_info: [{ title, description: 'fault suite' }],
        };
        const size = Math.round(20_000 + random() * 4_000_000);
        const { payload, headers } = await multipartPayload(fields, [
          { name: `${title}.pdf`, data: sampleFiles.pdf(size) },
        ]);
        return {
          path: '/web/editaperfil',
          init: { method: 'POST', headers: { authorization: `Bearer ${account.token}`, ...headers }, body: payload },
        };
      },
      acknowledged: (n) => void uploadTitles.push(`fault-${n}`),
      async stored(db) {
        const rows = await db
          .selectFrom('attachments')
          .leftJoin('audit_events as a', (join) =>
            join
              .on('a.resource_type', '=', 'attachment')
              .on('a.action', '=', 'create')
              .on('a.resource_id', '=', sql<string>`attachments.id::text`),
          )
          .select(['attachments.id', 'attachments.title', 'a.id as event'])
          .where('user_id', '=', account.clientId)
          .execute();
        const titles = new Set(rows.map((r) => r.title));
        // Its create event is written in the upload's transaction (decision 142): a stored file without it is partial.
        const missing = [
          ...uploadTitles.filter((t) => !titles.has(t)),
          ...rows.filter((r) => r.event === null).map((r) => `the audit event of attachment ${r.id}`),
        ];
        return { missing, count: titles.size };
      },
    },
  ];
}

/**
 * Records: every evaluation has the version row its current_version names, with results, and (at a credit cost)
 * exactly one charge; every user's balance is what the ledger moved to and from it; in total
 * Σ balances + Σ spent = Σ issued; every account's audit chain verifies.
 */
export async function recordViolations(db: Kysely<Database>, evaluationCost: number): Promise<string[]> {
  const violations: string[] = [];
  const partial = await sql<{ id: number; versions: number; charges: number }>`
    SELECT e.id,
      (SELECT count(*) FROM evaluation_versions v
        WHERE v.evaluation_id = e.id AND v.version <= e.current_version AND v.results <> '{}'::jsonb)::int AS versions,
      (SELECT count(*) FROM credit_ledger l WHERE l.evaluation_id = e.id)::int AS charges
    FROM evaluations e`.execute(db);
  for (const e of partial.rows) {
    if (e.versions === 0) violations.push(`evaluation ${e.id} has no version with results`);
    if (evaluationCost > 0 && e.charges !== 1) violations.push(`evaluation ${e.id} has ${e.charges} charges`);
  }
  const orphanVersions = await sql<{ evaluation_id: number }>`
    SELECT v.evaluation_id FROM evaluation_versions v
    LEFT JOIN evaluations e ON e.id = v.evaluation_id WHERE e.id IS NULL`.execute(db);
  for (const v of orphanVersions.rows) violations.push(`version row of missing evaluation ${v.evaluation_id}`);

  const balances = await sql<{ id: number; creditos: number; ledger: number }>`
    SELECT u.id, u.creditos,
      (COALESCE((SELECT sum(amount) FROM credit_ledger WHERE to_user_id = u.id), 0)
       - COALESCE((SELECT sum(amount) FROM credit_ledger WHERE from_user_id = u.id), 0))::int AS ledger
    FROM users u`.execute(db);
  for (const u of balances.rows)
    if (u.creditos !== u.ledger)
      violations.push(`user ${u.id} holds ${u.creditos} credits, its ledger says ${u.ledger}`);
  // A kill must not break an account's audit chain (decision 142): every chain still verifies.
  for (const p of (await verifyAuditTrail(db)).problems)
    violations.push(`audit chain of account ${p.account_id} broken at seq ${p.seq}: ${p.problem}`);
  const totals = await creditTotals(db);
  if (totals.balances + totals.spent !== totals.issued)
    violations.push(`Σ balances ${totals.balances} + Σ spent ${totals.spent} ≠ Σ issued ${totals.issued}`);
  return violations;
}

async function creditTotals(db: Kysely<Database>) {
  const { rows } = await sql<{ balances: number; spent: number; issued: number }>`
    SELECT
      (SELECT COALESCE(sum(creditos), 0) FROM users)::int AS balances,
      (SELECT COALESCE(sum(amount), 0) FROM credit_ledger WHERE to_user_id IS NULL)::int AS spent,
      (SELECT COALESCE(sum(amount), 0) FROM credit_ledger WHERE from_user_id IS NULL)::int AS issued`.execute(db);
  return rows[0]!;
}

export interface UploadsState {
  /** Stored rows whose file is missing or no longer matches its size and SHA-256: always a violation. */
  missing: string[];
  /** Files in blobs/ no attachment or avatar row names. */
  orphans: string[];
  /** Files left in tmp/ (an upload that never finished). */
  staged: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Compares the uploads directory with the attachment and avatar rows. */
export async function uploadsState(db: Kysely<Database>, uploadsDir: string): Promise<UploadsState> {
  const rows = await db
    .selectFrom('attachments')
    .select(['storage_key', 'size_bytes', 'sha256'])
    .unionAll(db.selectFrom('avatars').select(['storage_key', 'size_bytes', 'sha256']))
    .execute();
  const blobDir = path.join(uploadsDir, 'blobs');
  const missing: string[] = [];
  for (const row of rows) {
    const file = path.join(blobDir, row.storage_key.slice(0, 2), row.storage_key);
    const data = await readFile(file).catch(() => null);
    if (!data) missing.push(`${row.storage_key}: no file`);
    else if (data.length !== row.size_bytes || sha256OfBuffer(data) !== row.sha256)
      missing.push(`${row.storage_key}: file does not match its row`);
  }
  const named = new Set(rows.map((r) => r.storage_key));
  const orphans = (await filesUnder(blobDir)).filter((f) => !named.has(path.basename(f)));
  return { missing, orphans, staged: await filesUnder(path.join(uploadsDir, 'tmp')) };
}
