import type { CreateEvaluationBody } from '@medida/contracts';
import type { FastifyInstance } from 'fastify';

/** A valid bioimpedance evaluation body (type 1) for `clientId` by `evaluatorId`; override any field. */
export function evaluationBody(
  clientId: number,
  evaluatorId: number,
  overrides: Partial<CreateEvaluationBody> & Record<string, unknown> = {},
): CreateEvaluationBody {
  return {
    id_evaluado: clientId,
    id_evaluador: evaluatorId,
    evaluation_type: 1,
    fecha: '2026-02-20',
    peso: 72.5,
    estatura: 168,
    presion_s: 122,
    presion_d: 78,
    pcintura: 84,
    pcadera: 100,
    pbrazo: 30,
    ppierna: 56,
    pgrasa: 28,
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'Si',
    hace: 4,
    frecentrena: 3,
    clinical_data: { temperatura: 36.6, dif_respirar: false, ecnt: [], autoinmune: [], exams: [] },
    ...overrides,
  } as CreateEvaluationBody;
}

/** A four-skinfold body (type 4) with a Rockport test and two exams. */
export function fourSkinfoldBody(
  clientId: number,
  evaluatorId: number,
  overrides: Record<string, unknown> = {},
): CreateEvaluationBody {
  return evaluationBody(clientId, evaluatorId, {
    evaluation_type: 4,
    pgrasa: undefined,
    triceps: 18,
    subescapular: 15,
    abdominal: 22,
    cuadriceps: 20,
    rockport: { minutes: 14, seconds: 30, bpm: 130 },
    clinical_data: {
      temperatura: 36.5,
      exams: [
        { name: 'fasting_glucose', value: 92, status: true },
        { name: 'total_cholesterol', value: 190, status: true },
      ],
    },
    ...overrides,
  } as Partial<CreateEvaluationBody>);
}

/** Creates an evaluation through the API as the user behind `headers`; throws unless it was saved. */
export async function postEvaluation(
  app: FastifyInstance,
  headers: object,
  body: CreateEvaluationBody,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: { ...headers },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`ingresaevaluacion answered ${res.statusCode}: ${res.body}`);
  return res.json<{ evaluacion: { id: number } }>().evaluacion.id;
}
