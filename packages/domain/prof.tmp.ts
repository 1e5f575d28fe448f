import { computeEvaluation, evaluate, evaluationInputSchema } from '/work/main/packages/domain/src/index.ts';
const base: any = { evaluation_type: 4, sexo: 'Masculino', nacimiento: '1990-01-15', fecha: '2025-06-01', peso: 80, estatura: 178, presion_s: 128, presion_d: 82, pcintura: 90, pcadera: 100, pbrazo: 32, ppierna: 55, cuello: 39, pgrasa: 20, triceps: 12, subescapular: 15, abdominal: 22, cuadriceps: 14, fuma: 'No', alcohol: 'No', ejercita: 'Si', hace: 6, frecentrena: 4, clinical_data: { temperatura: 36.6, exams: [{name:'hdl', value: 45}] }, locale: 'es-CL' };
const mode = process.argv[2];
const p = evaluationInputSchema.parse(base);
const t = Date.now(); let n = 0;
while (Date.now() - t < 3000) { for (let i = 0; i < 1000; i++) { if (mode === 'c') computeEvaluation(p); else if (mode === 'p') evaluationInputSchema.safeParse(base); else evaluate(base); } n += 1000; }
console.log(mode, n / 3);
