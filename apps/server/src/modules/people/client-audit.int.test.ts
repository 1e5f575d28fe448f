import { CONSENT_TEXT_VERSION } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientBody,
  createUser,
  editableFields,
  multipartPayload,
  sampleFiles,
  twoTenants,
} from '../../test/people-factories.ts';
import { withBrokenAuditInsert as withBrokenAuditInsertIn } from '../../test/broken-audit.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The audit events of the writes to a client's record, its consent and its attachments are written in the
 * write's transaction (decision 142): a change whose event cannot be appended is rolled back.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const eventsOf = (clientId: number) =>
  ctx.db
    .selectFrom('audit_events')
    .select(['action', 'resource_type', 'result'])
    .where('client_id', '=', clientId)
    .orderBy('seq')
    .execute();
const consentsOf = (clientId: number) =>
  ctx.db.selectFrom('client_consents').select(['withdrawn_at']).where('client_id', '=', clientId).execute();
const attachmentsOf = (userId: number) =>
  ctx.db.selectFrom('attachments').select('id').where('user_id', '=', userId).orderBy('id').execute();

const withBrokenAuditInsert = (resource: string, action: string, run: () => Promise<void>) =>
  withBrokenAuditInsertIn(ctx.db, { resource, action }, run);

const info = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Doc ${i}`, description: 'audit' }));
const pdf = { name: 'lab.pdf', data: sampleFiles.pdf(), type: 'application/pdf' };

async function createWithFile(f: Awaited<ReturnType<typeof twoTenants>>, email?: string) {
  const body = clientBody(f.ids, f.owner.id, email ? { email } : {});
  const { payload, headers } = await multipartPayload({ ...body, files_info: info(1) }, [pdf]);
  return ctx.app.inject({
    method: 'POST',
    url: '/web/create_user',
    headers: { ...f.owner.headers, ...headers },
    payload,
  });
}

async function editClient(f: Awaited<ReturnType<typeof twoTenants>>, extra: Record<string, unknown>, files = [pdf]) {
  const fields = {
    ...editableFields(clientBody(f.ids, f.owner.id)),
    id_usuario: f.client.id,
    email: f.client.email,
    files_info: info(files.length),
    ...extra,
  };
  const { payload, headers } = await multipartPayload(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/web/editaperfil',
    headers: { ...f.owner.headers, ...headers },
    payload,
  });
}

const recordConsent = (f: Awaited<ReturnType<typeof twoTenants>>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/web/clients/${f.client.id}/consent`,
    headers: f.owner.headers,
    payload: { consent_method: 'verbal', consent_version: CONSENT_TEXT_VERSION, consent_lang: 'es' },
  });
const withdrawConsent = (f: Awaited<ReturnType<typeof twoTenants>>) =>
  ctx.app.inject({ method: 'POST', url: `/web/clients/${f.client.id}/consent/withdraw`, headers: f.client.headers });

describe('client creation and its audit events', () => {
  it('writes exactly one event for the client and one per attachment', async () => {
    const f = await twoTenants(ctx);
    const res = await createWithFile(f);
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(res.json().data.id)).toEqual([
      { action: 'create', resource_type: 'client', result: 'success' },
      { action: 'create', resource_type: 'attachment', result: 'success' },
    ]);
  });

  it.each([
    ['client', 'create'],
    ['attachment', 'create'],
  ])('stores no client, consent, attachment or event when the %s %s event cannot be appended', async (r, a) => {
    const f = await twoTenants(ctx);
    const email = `audit-${r}-${Date.now()}@medida.test`;
    await withBrokenAuditInsert(r, a, async () => {
      const res = await createWithFile(f, email);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('audit insert broken');
    });
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    // Nothing of the failed request is left, so a retry goes through.
    const retry = await createUser(ctx.app, f.owner.headers, clientBody(f.ids, f.owner.id, { email }));
    expect(retry.statusCode).toBe(200);
    expect((await consentsOf(retry.json().data.id)).length).toBe(1);
  });
});

describe('client edit and delete and their audit events', () => {
  it('writes the update, the deleted and the added attachments, then the delete; each in its transaction', async () => {
    const f = await twoTenants(ctx);
    expect((await editClient(f, {})).statusCode).toBe(200);
    const [first] = await attachmentsOf(f.client.id);
    expect((await editClient(f, { deleted_files: [first!.id] })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/eliminausuario',
      headers: f.owner.headers,
      payload: { id_usuario: f.client.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await eventsOf(f.client.id)).map((e) => [e.resource_type, e.action, e.result])).toEqual([
      ['client', 'update', 'success'],
      ['attachment', 'create', 'success'],
      ['client', 'update', 'success'],
      ['attachment', 'delete', 'success'],
      ['attachment', 'create', 'success'],
      ['client', 'delete', 'success'],
    ]);
  });

  it('keeps the record, its attachments and its live state when an edit or delete event cannot be appended', async () => {
    const f = await twoTenants(ctx);
    expect((await editClient(f, {})).statusCode).toBe(200);
    const before = await attachmentsOf(f.client.id);
    await withBrokenAuditInsert('attachment', 'delete', async () => {
      expect((await editClient(f, { deleted_files: [before[0]!.id] }, [])).statusCode).toBe(500);
    });
    await withBrokenAuditInsert('client', 'update', async () => {
      expect((await editClient(f, { nombre: 'Cambiada' })).statusCode).toBe(500);
    });
    await withBrokenAuditInsert('client', 'delete', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/eliminausuario',
        headers: f.owner.headers,
        payload: { id_usuario: f.client.id },
      });
      expect(res.statusCode).toBe(500);
    });
    expect(await attachmentsOf(f.client.id)).toEqual(before);
    const row = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'deleted_at'])
      .where('id', '=', f.client.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nombre: 'Valentina', deleted_at: null });
    expect((await eventsOf(f.client.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });
});

describe('consent and its audit events', () => {
  it('writes exactly one event when consent is given and one when it is withdrawn; denials are recorded', async () => {
    const f = await twoTenants(ctx);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/web/clients/${f.client.id}/consent`,
      headers: f.other.headers,
      payload: { consent_method: 'verbal', consent_version: CONSENT_TEXT_VERSION, consent_lang: 'es' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await recordConsent(f)).statusCode).toBe(200);
    expect((await withdrawConsent(f)).statusCode).toBe(200);
    expect((await eventsOf(f.client.id)).map((e) => [e.action, e.result])).toEqual([
      ['consent_given', 'denied'],
      ['consent_given', 'success'],
      ['consent_withdrawn', 'success'],
    ]);
  });

  it('stores no consent when its event cannot be appended, and keeps it live when the withdrawal event cannot', async () => {
    const f = await twoTenants(ctx);
    await withBrokenAuditInsert('consent', 'consent_given', async () => {
      expect((await recordConsent(f)).statusCode).toBe(500);
    });
    expect(await consentsOf(f.client.id)).toEqual([]);
    expect((await recordConsent(f)).statusCode).toBe(200);
    await withBrokenAuditInsert('consent', 'consent_withdrawn', async () => {
      expect((await withdrawConsent(f)).statusCode).toBe(500);
    });
    expect(await consentsOf(f.client.id)).toEqual([{ withdrawn_at: null }]);
    expect((await eventsOf(f.client.id)).map((e) => e.action)).toEqual(['consent_given']);
  });
});
