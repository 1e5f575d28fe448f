import { inject } from 'vitest';

export interface Lane {
  baseURL: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server on its own database per lane; a spec file runs on its worker's lane (decision 232). */
    lanes: Lane[];
    /** The one Chromium of the run: every spec file connects to it instead of starting its own. */
    browserEndpoint: string;
  }
}

/** The server this worker's spec files talk to: worker N (VITEST_POOL_ID, 1-based) takes lane N. */
export function lane(): Lane {
  const lanes = inject('lanes');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return lanes[(worker - 1) % lanes.length]!;
}
