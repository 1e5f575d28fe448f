import { languageSchema, type EvaluationDetail, type Language } from '@medida/contracts';
import { randomInt } from 'node:crypto';
import { ErrorCode } from '@medida/contracts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ReportModel } from './report-document.tsx';
import type { createReportCache } from './report-cache.ts';
import { ReportQueueFullError, type ReportPool } from './report-pool.ts';

/** Report e-mails per professional (abuse limit: each one goes to a client's inbox). */
export const REPORT_EMAILS_PER_HOUR = 20;
/** Report downloads per user (each may cost a rendering: issue 10 item 1). */
export const REPORT_DOWNLOAD_LIMITS = [
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
];
/** Seconds a client is asked to wait when every report worker is busy and the queue is full. */
const BUSY_RETRY_SECONDS = 5;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function reportModel(d: EvaluationDetail): ReportModel {
  const lang = languageSchema.safeParse(d.client.lang);
  return {
    lang: lang.success ? lang.data : 'es',
    evaluationId: d.id,
    version: d.version,
    evaluationType: d.evaluation_type,
    fecha: d.fecha,
    engineVersion: d.engine_version,
    inputs: d.inputs,
    results: d.results,
    client: d.client,
    evaluator: d.evaluator,
    // Up to the shown evaluation: an old report does not show later visits.
    history: d.history.filter((h) => h.fecha <= d.fecha),
  };
}

export const reportFileName = (d: Pick<EvaluationDetail, 'id' | 'version' | 'fecha'>) =>
  `medida-evaluation-${d.id}-v${d.version}-${d.fecha}.pdf`;

/** A one-time PDF password the professional gives the client out of band (security.md F6). */
export function pdfPassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The PDF report (in the client's language) and sending it by e-mail. */
export function createReportsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'> & {
    pool: ReportPool;
    cache: ReturnType<typeof createReportCache>;
  },
) {
  const evaluations = createEvaluationsService(deps);
  const consent = createConsentService(deps);
  const limits = createRateLimitsService(deps);

  async function render(model: ReportModel, options: { password?: string } = {}): Promise<Buffer> {
    try {
      return await deps.pool.render(model, options);
    } catch (error) {
      if (error instanceof ReportQueueFullError)
        throw new AppError(503, ErrorCode.busy, 'errors.reportBusy', {
          headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
        });
      throw error;
    }
  }

  return {
    /** Same scope as getevaluacion: the owner's tree, or the client itself. */
    async download(a: { actor: Actor; evaluationId: number; version?: number | undefined }) {
      const detail = await evaluations.get(a);
      const decision = await limits.consume('report-download', String(a.actor.userId), REPORT_DOWNLOAD_LIMITS);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const model = reportModel(detail);
      const key = deps.cache.key({ evaluationId: detail.id, version: detail.version, lang: model.lang }, model);
      return { fileName: reportFileName(detail), pdf: await deps.cache.get(key, () => render(model)) };
    },

    /** POST /web/enviarevalua: the latest version, encrypted, to the client's e-mail; recorded. */
    async send(a: { actor: Actor; evaluationId: number }): Promise<{ to: string; password: string; lang: Language }> {
      const detail = await evaluations.get(a);
      await consent.requireWritable(detail.client.id);
      const decision = await limits.consume('evaluation-email', String(a.actor.userId), [
        { limit: REPORT_EMAILS_PER_HOUR, windowMs: HOUR },
      ]);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const model = reportModel(detail);
      const password = pdfPassword();
      const pdf = await render(model, { password });
      const mail = renderMail('evaluationReport', model.lang, detail.client.email, {
        nombre: detail.client.nombre,
        evaluator: `${detail.evaluator.nombre} ${detail.evaluator.apellido}`,
        fecha: detail.fecha,
        loginUrl: `${deps.config.publicBaseUrl}/pages/login`,
      });
      // Awaited: the toast says the report was sent only when the transport took it.
      await deps.mailer.send({
        ...mail,
        attachments: [{ filename: reportFileName(detail), content: pdf, contentType: 'application/pdf' }],
      });
      await evaluations.recordEmail({
        evaluationId: detail.id,
        version: detail.version,
        sentBy: a.actor.userId,
        recipient: detail.client.email,
        lang: model.lang,
      });
      return { to: detail.client.email, password, lang: model.lang };
    },
  };
}
