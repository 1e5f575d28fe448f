import { evaluationObjectSchema, evaluationInputSchema } from './src/schema.ts';
import { computeEvaluation, evaluate } from './src/index.ts';
// reuse bench batch
const base: any = { evaluation_type: 1, sexo: 'Masculino', nacimiento: '1990-01-15', fecha: '2025-06-01', peso: 80, estatura: 178, presion_s: 128, presion_d: 82, pcintura: 90, pcadera: 100, pbrazo: 32, ppierna: 55, cuello: 39, pgrasa: 20, triceps: 12, subescapular: 15, abdominal: 22, cuadriceps: 14, fuma: 'No', alcohol: 'No', ejercita: 'Si', hace: 6, frecentrena: 4, clinical_data: { temperatura: 36.6 }, locale: 'es-CL' };
const labs = [{ name: 'fasting_glucose', value: 95 },{ name: 'fasting_insulin', value: 10 },{ name: 'fasting_triglycerides', value: 150 },{ name: 'hdl', value: 45 },{ name: 'total_cholesterol', value: 200 }];
const inputs: any[] = [];
for (let i = 0; i < 1024; i++) { const type = (i % 4) + 1; const teen = i % 7 === 0;
  inputs.push({ ...base, evaluation_type: type, sexo: i % 3 === 0 ? 'Femenino' : 'Masculino', nacimiento: teen ? '2010-03-01' : `19${60 + (i % 40)}-0${1 + (i % 9)}-15`, peso: 55 + (i % 40), estatura: 155 + (i % 35), triceps: 8 + (i % 20), suprailiaco: i % 5 === 0 ? 15 : undefined, biceps: i % 10 === 0 ? 6 : undefined, diametro_muneca: i % 2 === 0 ? 5.5 : undefined, diametro_femur: i % 2 === 0 ? 9.2 : undefined, rockport: i % 3 === 1 ? { minutes: 14, seconds: i % 60, bpm: 120 + (i % 40) } : undefined, clinical_data: { temperatura: 36.5, exams: i % 2 === 1 ? [...labs] : [] } }); }
const parsed = inputs.map((x) => evaluationInputSchema.parse(x));
function rate(label: string, xs: any[], fn: (x: any) => unknown) {
  for (let i = 0; i < 20000; i++) fn(xs[i % xs.length]);
  const c0 = process.cpuUsage(); let n = 0;
  while (n < 100000) { fn(xs[n % xs.length]); n++; }
  const c = process.cpuUsage(c0); console.log(label.padEnd(30), ((c.user + c.system) / n).toFixed(2), 'µs cpu');
}
rate('zod object only (parsed)', parsed, (x) => evaluationObjectSchema.safeParse(x));
rate('full schema', inputs, (x) => evaluationInputSchema.safeParse(x));
rate('compute', parsed, (x) => computeEvaluation(x));
rate('evaluate', inputs, (x) => evaluate(x));
rate('JSON.stringify(result)', parsed.slice(0, 64).map(computeEvaluation), (x) => JSON.stringify(x));
