import { computeEvaluation, evaluate, evaluationInputSchema } from './src/index.ts';
const base: any = { evaluation_type: 4, sexo: 'Masculino', nacimiento: '1990-01-15', fecha: '2025-06-01', peso: 80, estatura: 178, presion_s: 128, presion_d: 82, pcintura: 90, pcadera: 100, pbrazo: 32, ppierna: 55, cuello: 39, pgrasa: 20, triceps: 12, subescapular: 15, abdominal: 22, cuadriceps: 14, fuma: 'No', alcohol: 'No', ejercita: 'Si', hace: 6, frecentrena: 4, clinical_data: { temperatura: 36.6, exams: [{name:'hdl', value: 45}] }, locale: 'es-CL' };
const p = evaluationInputSchema.parse(base);
for (const [label, fn] of [['parse', () => evaluationInputSchema.safeParse(base)], ['compute', () => computeEvaluation(p)], ['evaluate', () => evaluate(base)]] as const) {
  for (let i = 0; i < 5000; i++) fn();
  (globalThis as any).gc();
  const keep: unknown[] = new Array(5000);
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 5000; i++) keep[i] = fn();
  (globalThis as any).gc();
  console.log(label, Math.round((process.memoryUsage().heapUsed - before) / 5000), 'bytes retained each');
}
