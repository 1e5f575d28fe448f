/**
 * Requests per second of routes as a share of `/web/health`'s in the same round (issue 11's and 33's measure): each
 * route for a few seconds with a fixed number of requests always in flight, rounds interleaved, medians printed as a
 * markdown table. Used by http.bench.ts and chat.bench.ts.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const CONNECTIONS = 10;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

/** One request on a kept-alive connection (a POST when it has a JSON body); resolves with the status once read. */
export function request(url: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests per second over `seconds` with CONNECTIONS requests always in flight; any non-200 fails the bench. */
async function throughput(
  url: string,
  headers: Record<string, string>,
  body: (() => string) | undefined,
  seconds: number,
) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const status = await request(url, headers, body?.());
        if (status !== 200) throw new Error(`${url} answered ${status}`);
        done++;
      }
    }),
  );
  return done / seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface RatioRoute {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** A POST's JSON body, made anew for each request (a write must not repeat itself). */
  body?: () => string;
}

/** A route's median requests per second and its median share of /web/health's in the same round. */
export interface RouteRatio {
  rate: number;
  ratio: number;
}

/**
 * Each route's requests per second and its share of /web/health's in the same round: medians of `rounds` rounds,
 * printed as a table and returned by route name.
 */
export async function ratioTable(
  heading: string,
  baseUrl: string,
  routes: RatioRoute[],
  { seconds, rounds }: { seconds: number; rounds: number },
) {
  const all = [{ name: '/web/health', path: '/web/health', headers: {} }, ...routes];
  for (const r of all) await throughput(baseUrl + r.path, r.headers, r.body, 1); // warm-up
  const rates = new Map<string, number[]>(all.map((r) => [r.name, []]));
  const ratios = new Map<string, number[]>(all.map((r) => [r.name, []]));
  for (let round = 0; round < rounds; round++) {
    let health = 0;
    for (const r of all) {
      const rate = await throughput(baseUrl + r.path, r.headers, r.body, seconds);
      if (r.name === '/web/health') health = rate;
      rates.get(r.name)!.push(rate);
      ratios.get(r.name)!.push(rate / health);
    }
  }
  console.log(
    `\n${heading}, requests per second at ${CONNECTIONS} connections (median of ${rounds} rounds of ${seconds} s)`,
  );
  console.log('| route | req/s | ratio to /web/health (same round) |\n|---|---:|---:|');
  const medians = new Map<string, RouteRatio>();
  for (const r of all) {
    const m = { rate: median(rates.get(r.name)!), ratio: median(ratios.get(r.name)!) };
    medians.set(r.name, m);
    console.log(`| ${r.name} | ${m.rate.toFixed(0)} | ${(m.ratio * 100).toFixed(1)} % |`);
  }
  return medians;
}

/** Closes the kept-alive connections, so the bench's process can end. */
export const closeConnections = () => agent.destroy();
