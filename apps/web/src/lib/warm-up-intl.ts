/**
 * The first Intl formatter a page makes loads ICU's locale data in one piece: about 20 ms on a desktop, several times
 * that on a phone, inside the first render of the dashboard's cards (a short date) or of an evaluation's warnings (a
 * decimal). ICU keeps that data in caches the whole renderer shares, workers included, so a worker that makes the
 * same kinds of formatters while the signed-in screen's chunks and answers load takes the cost off the main thread
 * (decision 252). Where workers are missing or refused, the page makes its formatters itself, as before.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // A refused worker (a stricter CSP) changes nothing: the formatters are made on first use.
  }
}
