import { createHash } from 'node:crypto';
import {
  clientExportDocumentSchema,
  CLIENT_EXPORT_SCHEMA_VERSION,
  CONSENT_TEXT_VERSION,
  type ExportJob,
} from '@medida/contracts';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody, fourSkinfoldBody } from '../../test/evaluation-factories.ts';
import { bearer, insertUser, login } from '../../test/factories.ts';
import {
  clientBody,
  editableFields,
  loggedIn,
  multipartPayload,
  sampleFiles,
  twoTenants,
} from '../../test/people-factories.ts';
import { fhirErrors } from '../../test/fhir-validator.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { USER_TYPE } from '@medida/contracts';
import { EXPORTS_PER_HOUR } from './exports.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const start = (headers: object, clientId: number) =>
  ctx.app.inject({ method: 'POST', url: `/web/clients/${clientId}/export`, headers: { ...headers } });
const poll = (headers: object, jobId: string) =>
  ctx.app.inject({ method: 'GET', url: `/web/exports/${jobId}`, headers: { ...headers } });
const download = (headers: object, jobId: string) =>
  ctx.app.inject({ method: 'GET', url: `/web/exports/${jobId}/download`, headers: { ...headers } });

/** Starts an export, waits for the job, and returns the job and the unpacked ZIP. */
async function exported(headers: object, clientId: number) {
  const started = await start(headers, clientId);
  expect(started.statusCode, started.body).toBe(202);
  const job = started.json<{ export: ExportJob }>().export;
  expect(job).toMatchObject({ status: 'building', client_id: clientId, done: 0 });
  await ctx.app.deps.background.idle();
  const status = await poll(headers, job.id);
  expect(status.statusCode).toBe(200);
  const ready = status.json<{ export: ExportJob }>().export;
  expect(ready.status).toBe('ready');
  expect(ready.done).toBe(ready.total);
  const res = await download(headers, job.id);
  expect(res.statusCode, res.body).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const document = clientExportDocumentSchema.parse(JSON.parse(Buffer.from(files['client.json']!).toString('utf8')));
  return { job: ready, res, files, document, started };
}

const auditRows = (clientId: number) =>
  ctx.db
    .selectFrom('audit_events')
    .select(['actor_id', 'action', 'resource_type', 'result', 'ip'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();

/** A client of `t.owner` with two evaluations (the first edited once) and one attachment. */
async function clientWithData() {
  const t = await twoTenants(ctx);
  await ctx.db.updateTable('users').set({ lang: 'pt' }).where('id', '=', t.client.id).execute();
  const as = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: t.owner.headers, payload });
  const first = await as('/web/ingresaevaluacion', evaluationBody(t.client.id, t.owner.id, { fecha: '2026-01-10' }));
  const firstId = first.json<{ evaluacion: { id: number } }>().evaluacion.id;
  const edit = await as('/web/editEvaluation', {
    ...evaluationBody(t.client.id, t.owner.id, { fecha: '2026-01-10', peso: 71 }),
    evaluationID: firstId,
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const second = await as('/web/ingresaevaluacion', fourSkinfoldBody(t.client.id, t.owner.id));
  expect(second.statusCode, second.body).toBe(200);
  const pdf = sampleFiles.pdf();
  const upload = await multipartPayload(
    {
      ...editableFields(clientBody(t.ids, t.owner.id)),
      id_usuario: t.client.id,
      email: t.client.email,
      rut: (await ctx.db.selectFrom('users').select('rut').where('id', '=', t.client.id).executeTakeFirstOrThrow()).rut,
      files_info: [{ title: 'Lab', description: 'Perfil lipídico' }],
    },
    [{ name: '../../etc/lab résumé.pdf', data: pdf }],
  );
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/web/editaperfil',
    headers: { ...t.owner.headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const consent = await as(`/web/clients/${t.client.id}/consent`, {
    consent_method: 'written',
    consent_version: CONSENT_TEXT_VERSION,
    consent_lang: 'pt',
  });
  expect(consent.statusCode, consent.body).toBe(200);
  return { ...t, evaluationIds: [firstId, second.json<{ evaluacion: { id: number } }>().evaluacion.id], pdf };
}

describe('client data export', () => {
  it('the professional gets one ZIP: client.json by the schema, every evaluation with its PDF, the attachments byte-equal, the audit trail', async () => {
    const t = await clientWithData();
    const { job, res, files, document, started } = await exported(t.owner.headers, t.client.id);

    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${job.file_name}"`);
    // In the user's language (no Accept-Language: Spanish), issue 30 item 13.
    expect(job.file_name).toMatch(new RegExp(`^medida-cliente-${t.client.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(job.size_bytes);
    expect(job.total).toBe(2 + 1 + 1);
    expect(started.json<{ export: ExportJob }>().export.total).toBe(job.total);

    expect(document.schema_version).toBe(CLIENT_EXPORT_SCHEMA_VERSION);
    expect(document.exported_by).toEqual({ id: t.owner.id, role: 'professional' });
    expect(document.client).toMatchObject({ id_usuario: t.client.id, lang: 'pt' });
    expect(document.client.profile.email).toBe(t.client.email);

    expect(document.evaluations.map((e) => e.id)).toEqual(t.evaluationIds);
    const [edited, skinfolds] = document.evaluations;
    expect(edited!.versions.map((v) => [v.version, v.inputs.peso])).toEqual([
      [1, 72.5],
      [2, 71],
    ]);
    expect(skinfolds!.versions[0]!.results.body_fat.equation.id).toEqual(expect.any(String));
    expect(skinfolds!.versions[0]!.engine_version).toEqual(expect.any(String));
    for (const evaluation of document.evaluations) {
      const pdf = files[evaluation.report_file];
      expect(pdf, evaluation.report_file).toBeDefined();
      expect(Buffer.from(pdf!).subarray(0, 5).toString()).toBe('%PDF-');
      // The client's language: Portuguese.
      expect(evaluation.report_lang).toBe('pt');
      expect(pdfText(Buffer.from(pdf!))).toContain('Relatório de avaliação');
    }

    expect(document.attachments).toHaveLength(1);
    const attachment = document.attachments[0]!;
    expect(attachment.file).toMatch(/^attachments\/\d+-[A-Za-z0-9._-]+\.pdf$/);
    expect(attachment.file).not.toContain('..');
    expect(Buffer.from(files[attachment.file]!).equals(Buffer.from(t.pdf))).toBe(true);
    expect(attachment.sha256).toBe(createHash('sha256').update(t.pdf).digest('hex'));
    expect(attachment.size_bytes).toBe(t.pdf.byteLength);
    expect(Object.keys(files).sort()).toEqual(
      ['client.json', 'fhir-bundle.json', ...document.evaluations.map((e) => e.report_file), attachment.file].sort(),
    );

    // The same evaluations as a FHIR R4 bundle (decision 226) that the R4 validator accepts.
    const bundle = JSON.parse(Buffer.from(files['fhir-bundle.json']!).toString('utf8')) as Bundle;
    expect(fhirErrors(bundle)).toEqual([]);
    const weights = bundle.entry?.filter((e) => (e.resource as Observation).code?.coding?.[0]?.code === '29463-7');
    expect(weights).toHaveLength(document.evaluations.length);

    // The trail in the ZIP holds the creations and this export's own event; no health values anywhere in it.
    const actions = document.audit_trail.map((e) => `${e.action}:${e.resource_type}`);
    expect(actions).toContain('create:evaluation');
    expect(actions).toContain('consent_given:consent');
    expect(actions.at(-1)).toBe('export:export');
    expect(document.audit_trail.at(-1)).toMatchObject({ actor: { id: t.owner.id }, result: 'success' });
    expect(JSON.stringify(document.audit_trail)).not.toContain('72.5');

    // The export and its download are audited events of the client.
    const rows = await auditRows(t.client.id);
    expect(rows.slice(-2)).toEqual([
      expect.objectContaining({ actor_id: t.owner.id, action: 'export', resource_type: 'export', result: 'success' }),
      expect.objectContaining({ actor_id: t.owner.id, action: 'download', resource_type: 'export', result: 'success' }),
    ]);
  });

  it('covers 100 % of the client’s rows per table and 0 rows of another client (security.md F2)', async () => {
    const a = await clientWithData();
    const b = await clientWithData();
    const { document } = await exported(a.owner.headers, a.client.id);
    const db = ctx.db;
    const count = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
    const evaluations = db
      .selectFrom('evaluations')
      .where('client_id', '=', a.client.id)
      .where('deleted_at', 'is', null);
    expect(document.evaluations).toHaveLength(
      await count(evaluations.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()),
    );
    expect(document.evaluations.flatMap((e) => e.versions)).toHaveLength(
      await count(
        db
          .selectFrom('evaluation_versions')
          .where('evaluation_id', 'in', evaluations.select('id'))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(document.attachments).toHaveLength(
      await count(
        db
          .selectFrom('attachments')
          .where('user_id', '=', a.client.id)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(document.consents).toHaveLength(1);
    // Every event up to the export's own (the download's event comes after the document).
    const trail = await auditRows(a.client.id);
    expect(document.audit_trail).toHaveLength(trail.length - 1);

    const foreign = JSON.stringify(document);
    for (const id of b.evaluationIds) expect(document.evaluations.map((e) => e.id)).not.toContain(id);
    expect(foreign).not.toContain(b.client.email);
    const bAttachment = await db
      .selectFrom('attachments')
      .select('id')
      .where('user_id', '=', b.client.id)
      .executeTakeFirstOrThrow();
    expect(document.attachments.map((f) => f.id)).not.toContain(bAttachment.id);
  });

  it('the client exports its own data: the same document, without its professionals’ addresses', async () => {
    const t = await clientWithData();
    const { document } = await exported(t.client.headers, t.client.id);
    expect(document.exported_by).toEqual({ id: t.client.id, role: 'client' });
    expect(document.evaluations).toHaveLength(2);
    expect(document.attachments).toHaveLength(1);
    expect(document.audit_trail.length).toBeGreaterThan(0);
    expect(document.audit_trail.every((e) => e.ip === null)).toBe(true);
    // Another client, even of the same professional, is not found.
    const sibling = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: t.owner.id });
    expect((await start(t.client.headers, sibling.id)).statusCode).toBe(404);
  });

  it('another account gets 404 (the probe lands in the client’s trail as denied); a job is its starter’s alone', async () => {
    const t = await twoTenants(ctx);
    const denied = await start(t.other.headers, t.client.id);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ error: { code: 'not_found' } });
    // The other account's own client, from this professional: 404 too.
    expect((await start(t.owner.headers, t.otherClient.id)).statusCode).toBe(404);
    expect(await auditRows(t.client.id)).toEqual([
      expect.objectContaining({ actor_id: t.other.id, action: 'export', result: 'denied' }),
    ]);

    const started = await start(t.owner.headers, t.client.id);
    const jobId = started.json<{ export: ExportJob }>().export.id;
    await ctx.app.deps.background.idle();
    for (const headers of [t.other.headers, t.client.headers, bearer(await login(ctx.app, t.colleague))]) {
      expect((await poll(headers, jobId)).statusCode).toBe(404);
      expect((await download(headers, jobId)).statusCode).toBe(404);
    }
    expect((await download(t.owner.headers, jobId)).statusCode).toBe(200);
  });

  it('network: a parent exports its child’s clients; the child cannot export its parent’s', async () => {
    const parent = await loggedIn(ctx, { creditos: 100 });
    const child = await loggedIn(ctx, { type: USER_TYPE.professional, parent_user_id: parent.id, creditos: 10 });
    const childsClient = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: child.id });
    const parentsClient = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent.id });
    const { document } = await exported(parent.headers, childsClient.id);
    expect(document.client.id_usuario).toBe(childsClient.id);
    expect((await start(child.headers, parentsClient.id)).statusCode).toBe(404);
  });

  it('one export at a time per user, a rate limit per hour, and translated errors for bad ids', async () => {
    const t = await clientWithData();
    const first = await start(t.owner.headers, t.client.id);
    expect(first.statusCode).toBe(202);
    const busy = await start({ ...t.owner.headers, 'accept-language': 'en' }, t.client.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe('You are already preparing an export. Wait until it finishes.');
    const early = await download(t.owner.headers, first.json<{ export: ExportJob }>().export.id);
    expect([200, 409]).toContain(early.statusCode);
    await ctx.app.deps.background.idle();

    const fresh = await twoTenants(ctx);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await start(fresh.owner.headers, fresh.client.id)).statusCode).toBe(202);
      await ctx.app.deps.background.idle();
    }
    const limited = await start({ ...fresh.owner.headers, 'accept-language': 'pt' }, fresh.client.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/web/exports/not-a-job',
      headers: { ...t.owner.headers, 'accept-language': 'es' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      error: { code: 'validation_failed', message: { id: ['Identificador no válido.'] } },
    });
  });

  it('a ready ZIP expires and is deleted', async () => {
    const t = await twoTenants(ctx);
    const { job } = await exported(t.owner.headers, t.client.id);
    ctx.clock.advance(16 * 60_000);
    expect((await poll(t.owner.headers, job.id)).statusCode).toBe(404);
    expect((await download(t.owner.headers, job.id)).statusCode).toBe(404);
  });
});
