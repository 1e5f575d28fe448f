import { z } from 'zod';
import { languageSchema, queryIdSchema, type Language } from './common.ts';

/**
 * The client's consent to store health data (security.md F4; decision 141). The text shown to the
 * client lives here, so the web app shows exactly what the server hashes into the consent record.
 * A new wording gets a new version; records keep pointing to the version they were given for.
 */
export const CONSENT_TEXT_VERSION = '2026-11';
export const CONSENT_TEXTS: Record<Language, string> = {
  es: 'Autorizo a mi profesional a registrar y conservar en Medida mis datos de salud (medidas corporales, evaluaciones, exámenes y archivos adjuntos) con el fin de evaluar y seguir mi estado físico. Sé que puedo ver quién accede a mi ficha, pedir una copia de mis datos y retirar este consentimiento en cualquier momento; al retirarlo, mi ficha queda en solo lectura.',
  en: 'I authorise my professional to record and keep my health data in Medida (body measurements, evaluations, exams and attached files) in order to assess and follow my physical condition. I know I can see who accesses my record, ask for a copy of my data and withdraw this consent at any time; once withdrawn, my record becomes read-only.',
  pt: 'Autorizo meu profissional a registrar e guardar no Medida meus dados de saúde (medidas corporais, avaliações, exames e arquivos anexos) para avaliar e acompanhar minha condição física. Sei que posso ver quem acessa minha ficha, pedir uma cópia dos meus dados e retirar este consentimento a qualquer momento; ao retirá-lo, minha ficha fica somente para leitura.',
};

/** How the client gave it: signed on paper, said aloud to the professional, or ticked on a device. */
export const CONSENT_METHODS = ['written', 'verbal', 'electronic'] as const;
export const consentMethodSchema = z.enum(CONSENT_METHODS, { error: 'validation.consentRequired' });

/** The consent fields of a new client (POST /web/create_user, type 2) and of POST /web/clients/:id/consent. */
export const consentFields = {
  consent_method: consentMethodSchema,
  consent_version: z.literal(CONSENT_TEXT_VERSION, { error: 'validation.consentVersion' }),
  consent_lang: languageSchema,
};
export const recordConsentBodySchema = z.strictObject(consentFields);

export const consentSchema = z.object({
  purpose: z.literal('health_data'),
  text_version: z.string(),
  text_sha256: z.string(),
  lang: languageSchema,
  method: z.enum(CONSENT_METHODS),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const clientIdParamsSchema = z.strictObject({ id: queryIdSchema });
// GET /web/clients/:id/consent, POST …/consent, POST …/consent/withdraw: the live consent, else the last
// withdrawn one, else null (a client created before consent was recorded).
export const consentResponseSchema = z.object({ consent: consentSchema.nullable() });
