import { evaluationObjectSchema, evaluationInputSchema } from './src/schema.ts';
const base: any = { evaluation_type: 4, sexo: 'Masculino', nacimiento: '1990-01-15', fecha: '2025-06-01', peso: 80, estatura: 178, presion_s: 128, presion_d: 82, pcintura: 90, pcadera: 100, pbrazo: 32, ppierna: 55, cuello: 39, pgrasa: 20, triceps: 12, subescapular: 15, abdominal: 22, cuadriceps: 14, fuma: 'No', alcohol: 'No', ejercita: 'Si', hace: 6, frecentrena: 4, clinical_data: { temperatura: 36.6, exams: [{name:'hdl', value: 45}] }, locale: 'es-CL' };
function rate(label: string, fn: () => unknown) {
  for (let i = 0; i < 20000; i++) fn();
  const c0 = process.cpuUsage(); let n = 0;
  while (n < 200000) { fn(); n++; }
  const c = process.cpuUsage(c0); const us = (c.user + c.system) / n;
  console.log(label.padEnd(30), us.toFixed(2), 'µs cpu');
}
rate('object only', () => evaluationObjectSchema.safeParse(base));
rate('full schema', () => evaluationInputSchema.safeParse(base));
