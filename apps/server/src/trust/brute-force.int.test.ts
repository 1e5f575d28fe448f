import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../lib/clock.ts';
import { createSecondFactorService } from '../modules/second-factor/second-factor.service.ts';
import { base32Decode, hotp, timeStep } from '../modules/second-factor/totp.policy.ts';
import { freshIp, insertUser, uniqueEmail, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Brute force and enumeration (issue 16, decisions 011 and 015): an attacker guessing one account's password
 * from a new address every time, waiting as long as each 429 says, never gets in; throttling starts after the
 * 5th failure and no 24-hour window ever holds more than 100 failures (at 100 every unknown browser is refused
 * until the oldest leave the window); the real user gets back in through a reset; other accounts sign in
 * throughout. Login and reset answer known and unknown e-mails with the same status, body and time.
 * `BRUTE_GUESSES`, `TIMING_SAMPLES` and `TIMING_TOLERANCE` size the run. CI: 40 guesses, 25 samples and a
 * 50 % bound, which still catches a skipped password hash (a 90 % gap) on a loaded 2-core machine;
 * `npm run suite:brute` takes 300 guesses (enough to reach the disable at 100 failures), 200 samples and 10 %.
 */
const GUESSES = Number(process.env.BRUTE_GUESSES ?? 40);
const SAMPLES = Number(process.env.TIMING_SAMPLES ?? 25);
const TOLERANCE = Number(process.env.TIMING_TOLERANCE ?? 0.5);
/** Each login costs one argon2 verification (~0.1–0.3 s on the shared machine). */
const TIMEOUT = 120_000 + SAMPLES * 2 * 1_000 + GUESSES * 500;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const post = (url: string, payload: object, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const authenticate = (email: string, password: string) => post('/web/authenticate', { email, password });

async function resetPassword(user: TestUser, password: string) {
  expect((await post('/web/reestablecepass', { email: user.email })).statusCode).toBe(200);
  await ctx.mailer.idle();
  const mail = ctx.mailer.sent.filter((m) => m.to === user.email).at(-1);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1]!;
  expect((await post('/web/reestablecepass/confirm', { token, password })).statusCode).toBe(200);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('brute force against one account from many addresses', () => {
  it(
    `${GUESSES} guesses: no login, 429 after 5 failures, never over 100 a day, back in after a reset`,
    async () => {
      const victim = await insertUser(ctx);
      const bystander = await insertUser(ctx);
      const statuses: Record<number, number> = {};
      let failures = 0;
      const failedAt: number[] = [];
      let firstThrottleAfter: number | undefined;
      let disabledAfter: number | undefined;
      for (let guess = 0; guess < GUESSES; guess++) {
        const res = await authenticate(victim.email, `guess-${guess}-not-the-password`);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        expect(res.statusCode, `guess ${guess}`).not.toBe(200);
        if (res.statusCode === 401) {
          failures++;
          failedAt.push(ctx.clock.now().getTime());
        }
        if (res.statusCode === 429) {
          firstThrottleAfter ??= failures;
          const wait = Number(res.headers['retry-after']);
          // At 100 failures in the window the wait lasts until the oldest leave it (decision 015).
          if (failures >= 100 && disabledAfter === undefined) disabledAfter = failures;
          ctx.clock.advance(wait * 1000); // a patient attacker waits exactly as told
        }
        if (guess % 50 === 0) expect((await authenticate(bystander.email, bystander.password)).statusCode).toBe(200);
      }
      expect(firstThrottleAfter).toBe(5);
      // Refused attempts never reach the password check: no 24-hour window holds more than 100 failures.
      const window = 24 * HOUR;
      const mostInADay = Math.max(
        ...failedAt.map((t, i) => failedAt.slice(0, i + 1).filter((u) => u > t - window).length),
      );
      expect(mostInADay).toBeLessThanOrEqual(100);
      if (GUESSES >= 200) expect(disabledAfter).toBe(100);
      // Once the window holds 100 again, even the right password is refused from an unknown browser.
      for (let i = 0; i < 5; i++) {
        const res = await authenticate(victim.email, 'one-more-guess');
        if (res.statusCode === 401) break;
        ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
      }
      expect((await authenticate(victim.email, victim.password)).statusCode).toBe(429);
      await resetPassword(victim, 'a brand new passphrase 2026');
      expect((await authenticate(victim.email, 'a brand new passphrase 2026')).statusCode).toBe(200);
      expect((await authenticate(bystander.email, bystander.password)).statusCode).toBe(200);
      console.log(
        `Brute force: ${GUESSES} guesses from ${GUESSES} addresses → 0 logins; statuses ${JSON.stringify(statuses)}; ` +
          `first 429 after ${firstThrottleAfter} failures; all unknown browsers refused at ${disabledAfter ?? '(not reached in this run)'} failures, ` +
          `at most ${mostInADay} failures in any 24 hours; ` +
          `after a reset the owner signs in; another account signed in ${Math.ceil(GUESSES / 50)} times during the attack`,
      );
    },
    TIMEOUT,
  );
});

describe('enumeration: known and unknown e-mails look the same', () => {
  /** Interleaved known/unknown requests, each e-mail used once (no throttle in play): statuses, bodies, times. */
  async function compare(send: (email: string) => ReturnType<typeof post>) {
    const known = await Promise.all(Array.from({ length: SAMPLES }, () => insertUser(ctx)));
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < SAMPLES; i++) {
      const pair = [
        ['known', known[i]!.email],
        ['unknown', uniqueEmail('nobody')],
      ] as const;
      // Alternate which goes first, so warm caches and GC pauses fall on both sides alike.
      for (const [kind, email] of i % 2 ? [...pair].reverse() : pair) {
        const started = performance.now();
        const res = await send(email);
        times[kind].push(performance.now() - started);
        answers.add(`${res.statusCode} ${res.body}`);
        // A known e-mail's reset mail is built after the answer: let it finish so it does not slow the next one.
        await ctx.mailer.idle();
      }
    }
    const [k, u] = [median(times.known), median(times.unknown)];
    return { answers: [...answers], known: k, unknown: u, gap: Math.abs(k - u) / Math.max(k, u) };
  }

  it(
    'login: the same 401 body, median times within the bound',
    async () => {
      const r = await compare((email) => authenticate(email, 'definitely wrong password'));
      console.log(
        `Login enumeration: ${SAMPLES}+${SAMPLES} attempts, answers ${r.answers.length}, median known ` +
          `${r.known.toFixed(1)} ms / unknown ${r.unknown.toFixed(1)} ms (gap ${(r.gap * 100).toFixed(1)} %)`,
      );
      expect(r.answers).toHaveLength(1);
      expect(r.answers[0]).toMatch(/^401 /);
      expect(r.gap).toBeLessThan(TOLERANCE);
    },
    TIMEOUT,
  );

  it(
    'password reset request: the same 200 body, median times within the bound',
    async () => {
      const r = await compare((email) => post('/web/reestablecepass', { email }));
      console.log(
        `Reset enumeration: ${SAMPLES}+${SAMPLES} requests, answers ${r.answers.length}, median known ` +
          `${r.known.toFixed(1)} ms / unknown ${r.unknown.toFixed(1)} ms (gap ${(r.gap * 100).toFixed(1)} %)`,
      );
      expect(r.answers).toHaveLength(1);
      expect(r.answers[0]).toMatch(/^200 /);
      expect(r.gap).toBeLessThan(TOLERANCE);
    },
    TIMEOUT,
  );
});

describe("guessing the second factor's code (decision 206)", () => {
  /** A user with a confirmed authenticator (its first code was the previous step's), through the service. */
  async function enrolled() {
    const user = await insertUser(ctx);
    const factors = createSecondFactorService(ctx.app.deps);
    const secret = base32Decode((await factors.startTotp(user.id, user.email)).manualKey);
    const step = timeStep(ctx.clock.now());
    await factors.confirmTotp(user.id, hotp(secret, step - 1));
    const right = new Set([-1, 0, 1].map((d) => hotp(secret, step + d)));
    let n = 0;
    const wrongCode = () => {
      let code: string;
      do code = String((n++ * 7919 + 123_457) % 1_000_000).padStart(6, '0');
      while (right.has(code));
      return code;
    };
    return { user, secret, usedCode: hotp(secret, step - 1), wrongCode };
  }
  async function ticket(user: TestUser) {
    const res = await authenticate(user.email, user.password);
    return res.statusCode === 200 ? res.json<{ second_factor: { ticket: string } }>().second_factor.ticket : null;
  }
  const codeStep = (ticketValue: string, code: string) =>
    post('/web/authenticate/second-factor', { ticket: ticketValue, code });

  it(
    `${GUESSES} rounds of the right password and a guessed code: no session, throttled like the password`,
    async () => {
      const { user, secret, wrongCode } = await enrolled();
      const statuses: Record<number, number> = {};
      let rounds = 0;
      let firstThrottle: number | undefined;
      for (let guess = 0; guess < GUESSES; guess++) {
        const t = await ticket(user);
        if (t === null) {
          firstThrottle ??= rounds;
          const res = await authenticate(user.email, user.password);
          ctx.clock.advance(Number(res.headers['retry-after'] ?? 1) * 1000);
          continue;
        }
        const res = await codeStep(t, wrongCode());
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        expect(res.statusCode, `guess ${guess}`).not.toBe(200);
        expect(res.json()).not.toHaveProperty('token');
        rounds++;
        if (res.statusCode === 429) {
          firstThrottle ??= rounds;
          ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
        }
      }
      // Each round is two attempts (the password's stays counted until a right code): the back-off starts by the
      // third round, as it starts after 5 wrong passwords.
      expect(firstThrottle).toBeLessThanOrEqual(3);
      console.log(
        `Second-factor guessing: ${GUESSES} rounds (right password + a wrong code), ${rounds} code steps → 0 sessions; ` +
          `code-step statuses ${JSON.stringify(statuses)}; first 429 after ${firstThrottle} rounds`,
      );
      // The owner, once the wait is over and before the day's 100 failures, still signs in with a current code.
      if (GUESSES < 40) {
        const res = await authenticate(user.email, user.password);
        if (res.statusCode === 429) ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
        const t = await ticket(user);
        if (t) {
          ctx.clock.advance(2000);
          expect((await codeStep(t, hotp(secret, timeStep(ctx.clock.now())))).statusCode).toBe(200);
        }
      }
    },
    TIMEOUT,
  );

  it(
    'a wrong code and a right code already used get the same 401 body, median times within the bound',
    async () => {
      const times = { wrong: [] as number[], replayed: [] as number[], right: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < SAMPLES; i++) {
        const { user, secret, usedCode, wrongCode } = await enrolled();
        const attempts = [
          ['wrong', wrongCode()],
          ['replayed', usedCode],
        ] as const;
        for (const [kind, code] of i % 2 ? [...attempts].reverse() : attempts) {
          const t = (await ticket(user))!;
          const started = performance.now();
          const res = await codeStep(t, code);
          times[kind].push(performance.now() - started);
          answers.add(`${res.statusCode} ${res.body}`);
        }
        // Five attempts so far on this account: the back-off's first second passes before the right code.
        const t = (await ticket(user))!;
        ctx.clock.advance(1000);
        const started = performance.now();
        expect((await codeStep(t, hotp(secret, timeStep(ctx.clock.now()) + 1))).statusCode).toBe(200);
        times.right.push(performance.now() - started);
      }
      const [w, r] = [median(times.wrong), median(times.replayed)];
      const gap = Math.abs(w - r) / Math.max(w, r);
      console.log(
        `Second-factor timing: ${SAMPLES}+${SAMPLES} codes, answers ${answers.size}, median wrong ${w.toFixed(1)} ms / ` +
          `right but used ${r.toFixed(1)} ms (gap ${(gap * 100).toFixed(1)} %); a right code (a session) ${median(times.right).toFixed(1)} ms`,
      );
      expect([...answers]).toHaveLength(1);
      expect([...answers][0]).toMatch(/^401 /);
      expect(gap).toBeLessThan(TOLERANCE);
    },
    TIMEOUT,
  );
});
