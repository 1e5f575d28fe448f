import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** One header operation helmet performs on a response: set a value, or remove a header. */
export type HeaderOperation = readonly [name: string, value: string] | readonly [name: string];

/**
 * The response headers helmet writes for `options`, worked out once. Helmet builds its whole middleware
 * (CSP directives parsed and joined, every option checked) on each call, and @fastify/helmet called it for
 * every request (~3 % of a read's main-thread time, issue 11). Our directives are plain strings, so the
 * headers never depend on the request: the operations are recorded here and replayed per request.
 */
export function helmetHeaderOperations(options: Readonly<HelmetOptions>): HeaderOperation[] {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  // A directive given as a function (a per-request nonce) would make the header differ per request.
  if (
    directives.some((values) => values && typeof values === 'object' && [...values].some((v) => typeof v !== 'string'))
  )
    throw new Error('A CSP directive computed per request cannot be prebuilt');
  const operations: HeaderOperation[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      operations.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      operations.push([name]);
    },
  };
  let finished = false;
  // helmet's types: its middleware asks for a whole ServerResponse, and calls only setHeader and removeHeader.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return operations;
}

/** Applies recorded operations to a raw response, as helmet itself would (raw, so a 408 written raw has them too). */
export function applyHeaderOperations(response: ServerResponse, operations: readonly HeaderOperation[]) {
  for (const operation of operations) {
    if (operation.length === 2) response.setHeader(operation[0], operation[1]);
    else response.removeHeader(operation[0]);
  }
}
