// Lighthouse mobile (simulated slow 4G, 4× CPU) on Login, the dashboard and an evaluation's detail, against the
// real server on a fresh data directory (issues 11 and 16). Prints performance and accessibility per page.
// `npm run lighthouse -w @medida/e2e` builds the web app first; CHROME_PATH defaults to Debian's chromium.
// The HTML reports go to e2e/artifacts/lighthouse/. A measurement, not a test: nothing here fails on a score.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { bioimpedanceEvaluation } from '../support/api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser.ts';
import { E2E_USERS, seedE2eFixtures } from '../support/fixtures.ts';
import { repoRoot, startServer } from '../support/server.ts';

interface Target {
  name: string;
  path: string;
  /** The session token put in localStorage before the run (the app's own sign-in state), or none. */
  token: string | null;
}

async function call<T>(baseURL: string, token: string | null, route: string, body?: unknown): Promise<T> {
  const res = await fetch(baseURL + route, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The evaluator's session and one evaluation of its client, written through the API as the app does. */
async function prepareTargets(baseURL: string): Promise<Target[]> {
  const signIn = async ({ email, password }: { email: string; password: string }) =>
    (await call<{ token: string }>(baseURL, null, '/web/authenticate', { email, password })).token;
  const home = await signIn(E2E_USERS.home);
  const evaluator = await signIn(E2E_USERS.evaluator);
  const evaluatorId = (await call<{ user: { id: number } }>(baseURL, evaluator, '/web/authenticate/user')).user.id;
  const clients = await call<{ lista: { id_usuario: number }[] }>(
    baseURL,
    evaluator,
    `/web/evaluationListing?type=2&search=Evaluado&parent_user_id=${evaluatorId}`,
  );
  const evaluee = clients.lista[0]!.id_usuario;
  for (const [fecha, peso] of [
    ['2026-01-10', 84],
    ['2026-04-10', 81],
  ] as const)
    await call(
      baseURL,
      evaluator,
      '/web/ingresaevaluacion',
      bioimpedanceEvaluation({ id_evaluado: evaluee, id_evaluador: evaluatorId, fecha }, { peso }),
    );
  const list = await call<{ datos: { id: number }[] }>(
    baseURL,
    evaluator,
    `/web/listaevaluaciones?type=1&page=1&limit=1&id_usuario=${evaluatorId}`,
  );
  return [
    { name: 'login', path: '/pages/login', token: null },
    { name: 'dashboard', path: '/dashboard', token: home },
    { name: 'evaluation detail', path: `/evaluations/detail?evaluationID=${list.datos[0]!.id}`, token: evaluator },
  ];
}

async function audit(browser: Browser, baseURL: string, target: Target, reportDir: string) {
  const page = await browser.newPage();
  // A cold cache with the session in place: set the token on the origin, then drop everything cached.
  await page.goto(`${baseURL}/favicon.svg`);
  await page.evaluate((token) => {
    window.localStorage.clear();
    if (token) window.localStorage.setItem('token', token);
  }, target.token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  const result = await lighthouse(
    baseURL + target.path,
    {
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
      output: ['html', 'json'],
    },
    undefined,
    page,
  );
  await page.close();
  if (!result) throw new Error(`no Lighthouse result for ${target.name}`);
  const { lhr } = result;
  const [html, json] = result.report as string[];
  const base = path.join(reportDir, target.name.replace(/\s+/g, '-'));
  await writeFile(`${base}.html`, String(html));
  await writeFile(`${base}.json`, String(json));
  const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms`;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  return {
    page: target.name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    FCP: ms('first-contentful-paint'),
    LCP: ms('largest-contentful-paint'),
    TBT: ms('total-blocking-time'),
    CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
    SI: ms('speed-index'),
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'medida-lighthouse-'));
const reportDir = path.join(repoRoot, 'e2e/artifacts/lighthouse');
await mkdir(reportDir, { recursive: true });
await seedE2eFixtures(dataDir);
const server = await startServer(dataDir);
let browser: Browser | undefined;
try {
  const targets = await prepareTargets(server.baseURL);
  browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  // LIGHTHOUSE_PAGES=login,dashboard audits only those (A/B rounds on the shared machine).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const rows = [];
  for (const target of targets)
    if (!only || only.includes(target.name)) rows.push(await audit(browser, server.baseURL, target, reportDir));
  console.table(rows);
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; reports in ${reportDir}`,
  );
} finally {
  await browser?.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
