import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, login } from '../../test/factories.ts';
import { chileIds, clientBody, createUser, twoTenants, type ChileIds } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

/** Issue 15 / decision 132: a client is created without a password and joins the portal only when invited. */
let ctx: TestContext;
let ids: ChileIds;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await chileIds(ctx.db);
});
afterAll(() => ctx?.close());

const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'mi portal de cliente 2026';

const invite = (headers: object, clientId: number, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/web/clients/${clientId}/invite`, headers: { ...headers }, payload });
const statusOf = (headers: object, clientId: number) =>
  ctx.app.inject({ method: 'GET', url: `/web/clients/${clientId}/portal`, headers: { ...headers } });
const confirm = (token: string, password = NEW_PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/reestablecepass/confirm',
    payload: { token, password },
    remoteAddress: freshIp(),
  });
async function mailsTo(email: string) {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === email);
}
const tokenIn = (text: string) => /#token=([^&\s]+)&invitation=1/.exec(text)![1]!;

describe('creating a client', () => {
  it('stores the record without a password and e-mails nothing; the client cannot sign in yet', async () => {
    const { owner } = await twoTenants(ctx);
    const body = clientBody(ids, owner.id);
    const res = await createUser(ctx.app, owner.headers, body);
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ data: { id: number } }>().data;
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, cambia_pass: 0, password_expires_at: null });
    expect(await mailsTo(body.email)).toEqual([]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: body.email, password: 'anything at all 2026' },
      remoteAddress: freshIp(),
    });
    expect(signIn.statusCode).toBe(401);
    expect((await statusOf(owner.headers, id)).json()).toEqual({
      portal: { status: 'none', invitation_expires_at: null },
    });
  });

  it('with the opt-in, invites at once: the e-mail names the professional and the expiry in the client language and zone', async () => {
    const { owner } = await twoTenants(ctx);
    const ownerRow = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'apellido'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const body = { ...clientBody(ids, owner.id, { lang: 'es' }), invite: true, time_zone: 'America/Santiago' };
    const res = await createUser(ctx.app, owner.headers, body);
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ data: { id: number } }>().data;
    const [mail, ...more] = await mailsTo(body.email);
    expect(more).toEqual([]);
    const inviter = `${ownerRow.nombre} ${ownerRow.apellido}`;
    expect(mail!.subject).toBe(`${inviter} te invita a tu portal de cliente de Medida`);
    expect(mail!.text).toContain('portal de clientes de Medida');
    expect(mail!.text).toContain('descargas tus informes');
    // The test clock's "now" + 7 days, written for a reader in Chile.
    const expires = new Intl.DateTimeFormat('es', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Santiago',
    }).format(new Date(ctx.clock.now().getTime() + 7 * DAY));
    expect(mail!.text).toContain(`vence el ${expires} (America/Santiago)`);
    expect(mail!.text).not.toMatch(/contraseña temporal/);

    // The link lets the client choose its own password, once.
    const token = tokenIn(mail!.text);
    const stored = await ctx.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token); // only its hash is kept
    expect((await statusOf(owner.headers, id)).json().portal.status).toBe('invited');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token, 'otra clave distinta 2026')).statusCode).toBe(410);
    const session = await login(ctx.app, { email: body.email, password: NEW_PASSWORD });
    const me = await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(session) });
    expect(me.json()).toMatchObject({ user: { id, type: 2, cambia_pass: 0 } });
    expect((await statusOf(owner.headers, id)).json()).toEqual({
      portal: { status: 'active', invitation_expires_at: null },
    });
  });

  it('accepting the invitation signs the client in and mails "welcome" in its language, never "password changed" (issue 30 item 7)', async () => {
    const { owner } = await twoTenants(ctx);
    const body = { ...clientBody(ids, owner.id, { lang: 'en' }), invite: true, time_zone: 'America/New_York' };
    const { id } = (await createUser(ctx.app, owner.headers, body)).json<{ data: { id: number } }>().data;
    const [invitation] = await mailsTo(body.email);
    const accepted = await confirm(tokenIn(invitation!.text));
    expect(accepted.statusCode).toBe(200);
    const answer = accepted.json<{ message: string; token?: string }>();
    expect(answer.message).toBe('Tu contraseña quedó guardada. ¡Bienvenido a Medida!');
    // The answer is a session of the client, like registration's link.
    const me = await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(answer.token!) });
    expect(me.json()).toMatchObject({ user: { id, type: 2, cambia_pass: 0 } });
    const [, welcome, ...more] = await mailsTo(body.email);
    expect(more).toEqual([]);
    expect(welcome!.subject).toBe('Welcome to Medida');
    expect(welcome!.text).toContain('You chose your password and are signed in');
    expect(welcome!.text).not.toMatch(/password .*was changed/i);

    // A reset of a password that exists stays a reset: no session, the "password changed" notice.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/web/reestablecepass',
      payload: { email: body.email },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBeLessThan(300);
    await ctx.mailer.idle();
    const resetMail = (await mailsTo(body.email)).at(-1)!;
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
    const done = await confirm(resetToken, 'una clave nueva para el portal');
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeUndefined();
    expect((await mailsTo(body.email)).at(-1)!.subject).toBe('Your Medida password was changed');
  });

  it('an unknown time zone is a translated 422 and stores no client', async () => {
    const { owner } = await twoTenants(ctx);
    const body = { ...clientBody(ids, owner.id), invite: true, time_zone: 'Mars/Olympus' };
    const res = await createUser(ctx.app, { ...owner.headers, 'accept-language': 'pt' }, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.time_zone).toEqual(['Fuso horário desconhecido.']);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toEqual([]);
  });
});

describe('POST /web/clients/:id/invite', () => {
  it('re-inviting replaces the earlier link; the invitation expires after 7 days', async () => {
    const { owner } = await twoTenants(ctx);
    const body = clientBody(ids, owner.id, { lang: 'en' });
    const { id } = (await createUser(ctx.app, owner.headers, body)).json<{ data: { id: number } }>().data;

    const first = await invite(owner.headers, id, { time_zone: 'Europe/Lisbon' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Se envió la invitación al portal del cliente.',
      data: { expires_at: new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString() },
    });
    const second = await invite({ ...owner.headers, 'accept-language': 'en' }, id);
    expect(second.json().message).toBe('The invitation to the client portal was sent.');
    const [mail1, mail2] = await mailsTo(body.email);
    expect(mail1!.text).toContain('(Europe/Lisbon)');
    expect(mail2!.text).toContain('(UTC)'); // no zone given: written in UTC, and said so
    expect(mail2!.subject).toMatch(/invites you to your Medida client portal$/);
    expect((await confirm(tokenIn(mail1!.text))).statusCode).toBe(410);

    ctx.clock.advance(7 * DAY + 1000);
    try {
      const later = bearer(await login(ctx.app, owner)); // the earlier session has expired too
      expect((await statusOf(later, id)).json().portal.status).toBe('none');
      expect((await confirm(tokenIn(mail2!.text))).statusCode).toBe(410);
    } finally {
      ctx.clock.advance(-(7 * DAY + 1000));
    }
    const third = await invite(owner.headers, id);
    expect(third.statusCode).toBe(200);
    const last = (await mailsTo(body.email)).at(-1)!;
    expect((await confirm(tokenIn(last.text))).statusCode).toBe(200);
  });

  it('is limited to 5 invitations of one client per hour', async () => {
    const { owner, client } = await twoTenants(ctx);
    for (let i = 0; i < 5; i++) expect((await invite(owner.headers, client.id)).statusCode).toBe(200);
    const refused = await invite({ ...owner.headers, 'accept-language': 'en' }, client.id);
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(client.email)).toHaveLength(5);
  });

  it('denies the client itself (403), another account and a colleague without the client (404); nothing is sent', async () => {
    const { owner, other, client, colleague, otherClient } = await twoTenants(ctx);
    const colleagueHeaders = bearer(await login(ctx.app, colleague));
    expect((await invite(client.headers, client.id)).statusCode).toBe(403);
    expect((await invite(other.headers, client.id)).statusCode).toBe(404);
    expect((await invite(colleagueHeaders, client.id)).statusCode).toBe(404);
    expect((await invite(owner.headers, otherClient.id)).statusCode).toBe(404);
    expect((await invite(owner.headers, colleague.id)).statusCode).toBe(404); // a professional is not a client
    expect((await statusOf(other.headers, client.id)).statusCode).toBe(404);
    expect((await statusOf(client.headers, client.id)).statusCode).toBe(403);
    expect(await mailsTo(client.email)).toEqual([]);
    expect(await mailsTo(otherClient.email)).toEqual([]);
    expect(
      await ctx.db
        .selectFrom('password_resets')
        .select('id')
        .where('user_id', 'in', [client.id, otherClient.id, colleague.id])
        .execute(),
    ).toEqual([]);
  });

  it('writes an audit event on the client (an e-mail, no personal data)', async () => {
    const { owner, client } = await twoTenants(ctx);
    await invite(owner.headers, client.id);
    const events = await ctx.db
      .selectFrom('audit_events')
      .select(['actor_id', 'action', 'resource_type', 'result'])
      .where('client_id', '=', client.id)
      .execute();
    expect(events).toEqual([
      { actor_id: owner.id, action: 'email', resource_type: 'portal_invitation', result: 'success' },
    ]);
  });
});

describe('GET /web/portal/professional', () => {
  it("gives a client its own professional's name and contact, and a top-level account null", async () => {
    const { owner, client, other } = await twoTenants(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/web/portal/professional', headers: client.headers });
    expect(res.statusCode).toBe(200);
    const ownerRow = await ctx.db
      .selectFrom('users')
      .select(['id', 'nombre', 'apellido', 'email', 'telefono', 'especialidad'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({ professional: ownerRow });
    const top = await ctx.app.inject({ method: 'GET', url: '/web/portal/professional', headers: other.headers });
    expect(top.json()).toEqual({ professional: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/web/portal/professional' })).statusCode).toBe(401);
  });
});

describe('a wrong address fixed before the client signs in', () => {
  it('changes at once, and the invitation mailed to the old address stops working', async () => {
    const { owner } = await twoTenants(ctx);
    const body = { ...clientBody(ids, owner.id), invite: true };
    const { id } = (await createUser(ctx.app, owner.headers, body)).json<{ data: { id: number } }>().data;
    const token = tokenIn((await mailsTo(body.email))[0]!.text);
    const fixed = `fixed-${body.email}`;
    const {
      consent_method: _m,
      consent_version: _v,
      consent_lang: _l,
      invite: _i,
      type: _t,
      lang: _g,
      parent_user_id: _p,
      ...fields
    } = body;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: owner.headers,
      payload: { ...fields, email: fixed, id_usuario: id },
    });
    expect(res.statusCode).toBe(200);
    const row = await ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.email).toBe(fixed);
    expect((await confirm(token)).statusCode).toBe(410);
  });
});

describe('GET /web/portal/evaluations', () => {
  it("gives a client its own evaluations as cards (weight, fat %, categories), nobody else's", async () => {
    const { owner, client, other, otherClient } = await twoTenants(ctx);
    const body = evaluationBody(client.id, owner.id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: owner.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().evaluacion.id as number;
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/web/getevaluacion?evaluationID=${id}`, headers: client.headers })
    ).json().data;

    const res = await ctx.app.inject({ method: 'GET', url: '/web/portal/evaluations', headers: client.headers });
    expect(res.statusCode).toBe(200);
    const [card, ...rest] = res.json().evaluations;
    expect(rest).toEqual([]);
    expect(card).toMatchObject({
      id,
      fecha: detail.fecha,
      evaluation_type: detail.evaluation_type,
      peso: detail.inputs.peso,
      bmi: detail.results.bmi.value,
      bmi_category: detail.results.bmi.category,
      body_fat_percent: detail.results.body_fat.percent,
      fat_category: detail.results.body_fat.category?.value ?? null,
      body_fat_equation: detail.results.body_fat.equation?.id ?? null,
      muscle_equation: detail.results.muscle_mass?.equation?.id ?? null,
      muscle_mass_kg: detail.results.muscle_mass?.kg ?? null,
      waist_cm: detail.inputs.pcintura ?? null,
      vo2max: detail.results.rockport?.vo2max ?? null,
    });
    expect(card.evaluator).toEqual({ nombre: detail.evaluator.nombre, apellido: detail.evaluator.apellido });

    // An edit is a new version: the card follows it (its columns are computed from that version, decision 214).
    const edited = await ctx.app.inject({
      method: 'POST',
      url: '/web/editEvaluation',
      headers: owner.headers,
      payload: { ...evaluationBody(client.id, owner.id, { peso: body.peso + 2.5 }), evaluationID: id },
    });
    expect(edited.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/web/portal/evaluations', headers: client.headers });
    const [editedCard] = after.json().evaluations;
    expect(editedCard.peso).toBe(body.peso + 2.5);
    expect(editedCard.bmi).not.toBe(card.bmi);

    const otherSession = bearer(await login(ctx.app, otherClient));
    const others = await ctx.app.inject({ method: 'GET', url: '/web/portal/evaluations', headers: otherSession });
    expect(others.json()).toEqual({ evaluations: [] });
    for (const headers of [owner.headers, other.headers])
      expect((await ctx.app.inject({ method: 'GET', url: '/web/portal/evaluations', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/portal/evaluations' })).statusCode).toBe(401);
  });
});
