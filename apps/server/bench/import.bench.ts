/**
 * Issue 35 item 4 (decision 228): 5,000 clients imported from one CSV in under 30 s on PostgreSQL. A benchmark, not a
 * test: `DATABASE_URL=postgres://… npm run bench:import -w @medida/server` (a fresh database is created and dropped); without
 * DATABASE_URL it runs on PGlite. Prints the dry run's and the real run's times and the totals.
 */
import { performance } from 'node:perf_hooks';
import { rutCheckDigit } from '@medida/contracts';
import { loggedIn, multipartPayload } from '../src/test/people-factories.ts';
import { createTestApp } from '../src/test/test-app.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
const HEADER =
  'Nombre;Apellido;Correo electrónico;RUT / documento;Teléfono;Fecha de nacimiento;Sexo;Dirección;País;Región;Comuna;Consentimiento';

function clientsCsv(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const body = String(20_000_000 + i);
    lines.push(
      [
        `Nombre${i}`,
        'Bench',
        `import-bench-${i}@example.com`,
        `${body}-${rutCheckDigit(body)}`,
        '+56 9 1234 5678',
        `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/1985`,
        i % 2 ? 'Femenino' : 'Masculino',
        'Av. Providencia 1234',
        'Chile',
        'Región Metropolitana de Santiago',
        'Santiago',
        'Sí',
      ].join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const ctx = await createTestApp();
try {
  const owner = await loggedIn(ctx, { creditos: 0 });
  const file = clientsCsv(ROWS);
  for (const dryRun of [true, false]) {
    const { payload, headers } = await multipartPayload({}, [{ name: 'clients.csv', data: file }], 'file');
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/web/import/clients?dry_run=${dryRun}`,
      headers: { ...owner.headers, ...headers },
      payload,
    });
    const seconds = (performance.now() - started) / 1000;
    if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    const totals = res.json<{ totals: Record<string, number> }>().totals;
    console.log(
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${ROWS} clients, ${dryRun ? 'dry run' : 'import'} ` +
        `${seconds.toFixed(1)} s (${((seconds * 1000) / ROWS).toFixed(2)} ms a row); ${JSON.stringify(totals)}`,
    );
  }
} finally {
  await ctx.close();
}
