import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, registerVerified, registrationBody } from '../test/factories.ts';
import { loggedIn } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { parseCreditsArgs, runGrant } from './credits-cli.ts';

describe('npm run credits -- grant: the operator grants credits through the ledger', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const capture = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  it('parses grant <email> <n> --note and refuses anything else before touching the database', () => {
    expect(parseCreditsArgs(['grant', 'a@b.cl', '25', '--note', ' pilot clinic '])).toEqual({
      ok: true,
      email: 'a@b.cl',
      amount: 25,
      note: 'pilot clinic',
    });
    for (const argv of [
      [],
      ['give', 'a@b.cl', '5', '--note', 'x'],
      ['grant', 'not-an-email', '5', '--note', 'x'],
      ['grant', 'a@b.cl', '0', '--note', 'x'],
      ['grant', 'a@b.cl', '-3', '--note', 'x'],
      ['grant', 'a@b.cl', '2.5', '--note', 'x'],
      ['grant', 'a@b.cl', '100001', '--note', 'x'],
      ['grant', 'a@b.cl', '5'],
      ['grant', 'a@b.cl', '5', '--note', '   '],
      ['grant', 'a@b.cl', '5', 'extra', '--note', 'x'],
      ['grant', 'a@b.cl', '5', '--note', 'x', '--force'],
    ])
      expect(parseCreditsArgs(argv).ok, argv.join(' ')).toBe(false);
  });

  it('adds the credits to the account (e-mail in any case) and writes one ledger entry with the note', async () => {
    const user = await insertUser(ctx, { creditos: 3 });
    const { lines, io } = capture();
    const code = await runGrant({ email: user.email.toUpperCase(), amount: 40, note: 'pilot clinic' }, ctx, io);
    expect(code).toBe(0);
    expect(lines.out[0]).toContain('balance now 43');
    const row = await ctx.db.selectFrom('users').select('creditos').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.creditos).toBe(43);
    expect(
      await ctx.db
        .selectFrom('credit_ledger')
        .select(['actor_id', 'from_user_id', 'to_user_id', 'amount', 'note', 'evaluation_id'])
        .where('to_user_id', '=', user.id)
        .execute(),
    ).toEqual([
      {
        actor_id: null,
        from_user_id: null,
        to_user_id: user.id,
        amount: 40,
        note: 'pilot clinic',
        evaluation_id: null,
      },
    ]);
  });

  it('an unknown or deleted account changes nothing and exits 1', async () => {
    const gone = await insertUser(ctx, { deleted_at: new Date('2026-01-01T00:00:00Z') });
    const before = await ctx.db.selectFrom('credit_ledger').select('id').execute();
    for (const email of ['nobody@medida.test', gone.email]) {
      const { lines, io } = capture();
      expect(await runGrant({ email, amount: 5, note: 'x' }, ctx, io)).toBe(1);
      expect(lines.err[0]).toContain('Nothing was changed');
    }
    expect(await ctx.db.selectFrom('credit_ledger').select('id').execute()).toEqual(before);
  });

  it('the database refuses a grant without a note or receiver (the ledger check)', async () => {
    const user = await insertUser(ctx);
    await expect(
      ctx.db
        .insertInto('credit_ledger')
        .values({ actor_id: null, from_user_id: null, to_user_id: user.id, amount: 1, evaluation_id: null })
        .execute(),
    ).rejects.toThrow();
  });

  it('GET /web/creditos gives a professional its balance and the evaluation cost; a client gets 403', async () => {
    const pro = await loggedIn(ctx, { creditos: 7 });
    const res = await ctx.app.inject({ method: 'GET', url: '/web/creditos', headers: pro.headers });
    expect(res.json()).toEqual({
      creditos: 7,
      evaluation_cost: 1,
      ask: { kind: 'operator', email: 'soporte@medida.app' },
    });
    const client = await loggedIn(ctx, { type: 2, parent_user_id: pro.id });
    expect((await ctx.app.inject({ method: 'GET', url: '/web/creditos', headers: client.headers })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/web/creditos' })).statusCode).toBe(401);
  });
});

describe('SIGNUP_CREDITS', () => {
  it('0 gives no credits and writes no ledger entry; a refused registration writes nothing', async () => {
    const ctx = await createTestApp({ SIGNUP_CREDITS: '0' });
    try {
      const res = await registerVerified(ctx, registrationBody());
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/web/creacuenta',
        payload: registrationBody({ nacimiento: '2020-01-01' }),
      });
      expect(bad.statusCode).toBe(422);
      expect(await ctx.db.selectFrom('credit_ledger').select('id').execute()).toEqual([]);
      const row = await ctx.db
        .selectFrom('users')
        .select('creditos')
        .where('id', '=', res.id)
        .executeTakeFirstOrThrow();
      expect(row.creditos).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
