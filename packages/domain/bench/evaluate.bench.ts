/**
 * Prints evaluations per second for a mixed batch of the four methods (not a test; architecture §8).
 * Run: npm run bench -w @medida/domain
 */
import { computeEvaluation, evaluate, evaluationInputSchema } from '../src/index.ts';
import { fastParse } from '../src/fast-parse.ts';
import type { EvaluationFormValues } from '../src/index.ts';
import { LABS_A, subjectA } from '../src/test/factories.ts';

// Reference subject A of formulas.md, the same factory the tests use.
const base: EvaluationFormValues = subjectA({ evaluation_type: 1, locale: 'es-CL' });

const labs = LABS_A;

// A deterministic mixed batch: 4 methods × both sexes × adults and adolescents × with/without extras, labs, Rockport.
function batch(size: number): EvaluationFormValues[] {
  const out: EvaluationFormValues[] = [];
  for (let i = 0; i < size; i++) {
    const type = ((i % 4) + 1) as 1 | 2 | 3 | 4;
    const female = i % 3 === 0;
    const teen = i % 7 === 0;
    out.push({
      ...base,
      evaluation_type: type,
      sexo: female ? 'Femenino' : 'Masculino',
      nacimiento: teen ? '2010-03-01' : `19${60 + (i % 40)}-0${1 + (i % 9)}-15`,
      peso: 55 + (i % 40),
      estatura: 155 + (i % 35),
      triceps: 8 + (i % 20),
      suprailiaco: i % 5 === 0 ? 15 : undefined,
      biceps: i % 10 === 0 ? 6 : undefined,
      diametro_muneca: i % 2 === 0 ? 5.5 : undefined,
      diametro_femur: i % 2 === 0 ? 9.2 : undefined,
      rockport: i % 3 === 1 ? { minutes: 14, seconds: i % 60, bpm: 120 + (i % 40) } : undefined,
      clinical_data: { temperatura: 36.5, exams: i % 2 === 1 ? [...labs] : [] },
    });
  }
  return out;
}

/**
 * Runs `fn` over the batch for about `seconds` of CPU time. The rate is per second of this process's
 * CPU time (one core), so other processes competing for the machine do not distort it; wall-clock
 * rate is printed beside it.
 */
function measure(label: string, inputs: readonly unknown[], fn: (x: unknown) => unknown, seconds = 2): void {
  for (let i = 0; i < 20_000; i++) fn(inputs[i % inputs.length]); // warm-up (JIT)
  let n = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = process.hrtime.bigint();
  let cpuUs = 0;
  while (cpuUs < seconds * 1e6) {
    for (let i = 0; i < 1000; i++) fn(inputs[(n + i) % inputs.length]);
    n += 1000;
    const c = process.cpuUsage(cpu0);
    cpuUs = c.user + c.system;
  }
  const wallS = Number(process.hrtime.bigint() - wall0) / 1e9;
  const perCpuSecond = n / (cpuUs / 1e6);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US').padStart(10);
  console.log(
    `${label.padEnd(40)} ${fmt(perCpuSecond)} /s per core  (${(1e6 / perCpuSecond).toFixed(2)} µs each; wall ${fmt(n / wallS)} /s)`,
  );
}

// As the server receives them: parsed from JSON (which also drops undefined keys).
const inputs = batch(1024).map((x) => JSON.parse(JSON.stringify(x)) as unknown);
// Checked one at a time: keeping 1024 results alive here would teach V8 to pretenure result objects.
for (const x of inputs) {
  const out = evaluate(x);
  if (!out.ok) throw new Error(`bench batch has an invalid input: ${JSON.stringify(out.errors)}`);
}
const parsed = inputs.map((x) => evaluationInputSchema.parse(x));
if (inputs.some((x) => fastParse(x) === null)) throw new Error('bench batch should take the fast path');

console.log(
  `@medida/domain bench, ${inputs.length} mixed inputs (4 methods, both sexes, adults and 13-17 y), node ${process.version}`,
);
measure('evaluate (validate + compute)', inputs, evaluate);
measure('fast-path validation only', inputs, fastParse);
measure('zod evaluationInputSchema.safeParse only', inputs, (x) => evaluationInputSchema.safeParse(x));
measure('computeEvaluation only (pre-validated)', parsed, (x) => computeEvaluation(x as (typeof parsed)[number]));
