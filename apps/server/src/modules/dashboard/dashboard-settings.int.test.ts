import { DASHBOARD_CARDS } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const read = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/web/dashboard/settings', headers });
const save = (headers: Headers, payload: object, lang = 'es') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/web/dashboard/settings',
    headers: { ...headers, 'accept-language': lang },
    payload,
  });
const dash = async (headers: Headers) =>
  (await ctx.app.inject({ method: 'GET', url: '/web/getdash', headers })).json().data;

describe('/web/dashboard/settings (widgets)', () => {
  it('stores the chosen cards in order and N of the follow-up, on the account only', async () => {
    const t = await twoTenants(ctx);
    expect((await read(t.owner.headers)).json()).toEqual({
      settings: { cards: [...DASHBOARD_CARDS], follow_up_weeks: 8 },
    });
    const res = await save(t.owner.headers, { cards: ['follow_up', 'counts', 'credits'], follow_up_weeks: 4 });
    expect(res.json()).toEqual({ settings: { cards: ['follow_up', 'counts', 'credits'], follow_up_weeks: 4 } });
    const data = await dash(t.owner.headers);
    expect(data.cards).toEqual(['follow_up', 'counts', 'credits']);
    expect(data.follow_up.weeks).toBe(4);
    // Another account keeps its defaults.
    expect((await read(t.other.headers)).json().settings.cards).toEqual([...DASHBOARD_CARDS]);
    // Nothing chosen is a choice too.
    expect((await save(t.owner.headers, { cards: [], follow_up_weeks: 4 })).json().settings.cards).toEqual([]);
    expect((await dash(t.owner.headers)).cards).toEqual([]);
  });

  it('refuses unknown or repeated cards and an interval outside 1–104, translated; nothing changes', async () => {
    const t = await twoTenants(ctx);
    await save(t.owner.headers, { cards: ['weekly'], follow_up_weeks: 10 });
    for (const [payload, field, lang, message] of [
      [{ cards: ['weekly', 'weekly'], follow_up_weeks: 10 }, 'cards', 'en', 'Each card can be chosen once.'],
      [{ cards: ['weekly'], follow_up_weeks: 0 }, 'follow_up_weeks', 'es', undefined],
      [{ cards: ['weekly'], follow_up_weeks: 105 }, 'follow_up_weeks', 'pt', undefined],
      [{ cards: ['nope'], follow_up_weeks: 10 }, 'cards.0', 'es', undefined],
    ] as const) {
      const res = await save(t.owner.headers, payload, lang);
      expect(res.statusCode).toBe(422);
      const fields = res.json().error.message as Record<string, string[]>;
      expect(Object.keys(fields)).toEqual([field]);
      if (message) expect(fields[field]).toEqual([message]);
    }
    expect((await read(t.owner.headers)).json()).toEqual({ settings: { cards: ['weekly'], follow_up_weeks: 10 } });
    // Clients never have a dashboard.
    expect((await read(t.client.headers)).statusCode).toBe(403);
    expect((await save(t.client.headers, { cards: [], follow_up_weeks: 8 })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/dashboard/settings' })).statusCode).toBe(401);
  });
});
