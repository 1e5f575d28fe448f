import { languageSchema, type EvaluationDetail, type Language, type UnitSystem } from '@medida/contracts';
import { randomInt } from 'node:crypto';
import { ErrorCode } from '@medida/contracts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ReportModel } from './report-document.tsx';
import type { createReportCache } from './report-cache.ts';
import { createReportLogos } from './report-logo.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import { reportFormat } from './report-format.ts';
import { text } from './report-texts.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { ReportQueueFullError, type ReportPool } from './report-pool.ts';

/** Report e-mails per professional (abuse limit: each one goes to a client's inbox). */
export const REPORT_EMAILS_PER_HOUR = 20;
/** Report downloads per user (each may cost a rendering: issue 10 item 1). */
const REPORT_DOWNLOAD_LIMITS = [
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
];
/** Seconds a client is asked to wait when every report worker is busy and the queue is full. */
const BUSY_RETRY_SECONDS = 5;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** The client's language, the default of the report and of its e-mail. */
function clientLanguage(d: EvaluationDetail): Language {
  const lang = languageSchema.safeParse(d.client.lang);
  return lang.success ? lang.data : 'es';
}

function reportModel(
  d: EvaluationDetail,
  extra: {
    lang: Language;
    units: UnitSystem;
    telefono: string | null;
    countryIso2: string | null;
    logo?: string | null;
  },
): ReportModel {
  return {
    lang: extra.lang,
    units: extra.units,
    countryIso2: extra.countryIso2,
    evaluationId: d.id,
    version: d.version,
    evaluationType: d.evaluation_type,
    fecha: d.fecha,
    engineVersion: d.engine_version,
    inputs: d.inputs,
    results: d.results,
    client: d.client,
    evaluator: { ...d.evaluator, telefono: extra.telefono, logo: extra.logo ?? null },
    // Up to the shown evaluation: an old report does not show later visits.
    history: d.history.filter((h) => h.fecha <= d.fecha),
  };
}

/** The download's name in the report's language (ASCII: it travels in a header and in e-mail attachments). */
const reportFileName = (d: Pick<EvaluationDetail, 'id' | 'version' | 'fecha'>, lang: Language) =>
  `${text(lang, 'fileName')}-${d.id}-v${d.version}-${d.fecha}.pdf`;

/** The professional's own words above the standard text, introduced by their name. */
function withPersonalMessage(text: string, lang: Language, evaluator: string, message: string): string {
  return `${translate(lang, 'mail.evaluationReport.personalMessage', { evaluator })}\n\n${message}\n\n---\n\n${text}`;
}

/** A one-time PDF password the professional gives the client out of band (security.md F6). */
function pdfPassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The PDF report (in the client's language) and sending it by e-mail. */
export function createReportsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'> & {
    pool: ReportPool;
    cache: ReturnType<typeof createReportCache>;
    /** The header logos (the professionals' avatars as PNG), kept beside the reports. */
    logoCache: ReturnType<typeof createReportCache>;
    storage: BlobStorage;
  },
) {
  const evaluations = createEvaluationsService(deps);
  const consent = createConsentService(deps);
  const limits = createRateLimitsService(deps);
  const users = createUserRecordsService(deps.db);
  const logos = createReportLogos({ storage: deps.storage, cache: deps.logoCache });

  /** The report of a detail read in scope, in `lang` or the client's language. */
  async function modelOf(detail: EvaluationDetail, lang: Language | undefined): Promise<ReportModel> {
    const { avatar, ...contacts } = await users.reportContacts(detail.evaluator.id, detail.client.id);
    const logo = await logos.logoOf(avatar);
    return reportModel(detail, { lang: lang ?? clientLanguage(detail), ...contacts, logo });
  }

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

  /** A rendering from the shared cache; if every worker is busy, waits and tries again (a background job, no user waiting on a 503). */
  async function cachedRendering(detail: EvaluationDetail, model: ReportModel, patience: number): Promise<Buffer> {
    const key = deps.cache.key({ evaluationId: detail.id, version: detail.version, lang: model.lang }, model);
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.cache.get(key, () => deps.pool.render(model, {}));
      } catch (error) {
        if (!(error instanceof ReportQueueFullError) || attempt >= patience) throw error;
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_SECONDS * 1000));
      }
    }
  }

  return {
    /**
     * The current version's PDF in the client's language, for the client's data export: the export is
     * rate-limited as a whole, so the per-download limit does not apply; same scope as getevaluacion.
     */
    async forExport(a: { actor: Actor; evaluationId: number }) {
      const detail = await evaluations.get(a);
      const model = await modelOf(detail, undefined);
      return {
        fileName: reportFileName(detail, model.lang),
        lang: model.lang,
        pdf: await cachedRendering(detail, model, 12),
      };
    },

    /** Same scope as getevaluacion: the owner's tree, or the client itself. */
    async download(a: {
      actor: Actor;
      evaluationId: number;
      version?: number | undefined;
      lang?: Language | undefined;
    }) {
      const detail = await evaluations.get(a);
      const decision = await limits.consume('report-download', String(a.actor.userId), REPORT_DOWNLOAD_LIMITS);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const model = await modelOf(detail, a.lang);
      const key = deps.cache.key({ evaluationId: detail.id, version: detail.version, lang: model.lang }, model);
      return { fileName: reportFileName(detail, model.lang), pdf: await deps.cache.get(key, () => render(model)) };
    },

    /**
     * POST /web/enviarevalua: the latest version, encrypted, to the client's e-mail or the address the
     * professional typed, with an optional personal message; answers go to the professional; recorded.
     */
    async send(a: {
      actor: Actor;
      evaluationId: number;
      to?: string | undefined;
      message?: string | undefined;
      lang?: Language | undefined;
    }): Promise<{ to: string; password: string; lang: Language }> {
      const detail = await evaluations.get(a);
      await consent.requireWritable(detail.client.id);
      const decision = await limits.consume('evaluation-email', String(a.actor.userId), [
        { limit: REPORT_EMAILS_PER_HOUR, windowMs: HOUR },
      ]);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const model = await modelOf(detail, a.lang);
      const to = a.to ?? detail.client.email;
      const password = pdfPassword();
      const pdf = await render(model, { password });
      const evaluator = `${detail.evaluator.nombre} ${detail.evaluator.apellido}`;
      const mail = renderMail('evaluationReport', model.lang, to, {
        nombre: detail.client.nombre,
        evaluator,
        // A calendar date in the report's language: no time, so no time zone can shift it.
        fecha: reportFormat(model.lang, model.countryIso2).date(detail.fecha),
        loginUrl: `${deps.config.publicBaseUrl}/pages/login`,
      });
      // Awaited: the toast says the report was sent only when the transport took it.
      await deps.mailer.send({
        ...mail,
        text: a.message ? withPersonalMessage(mail.text, model.lang, evaluator, a.message) : mail.text,
        replyTo: { name: evaluator, address: detail.evaluator.email },
        attachments: [{ filename: reportFileName(detail, model.lang), content: pdf, contentType: 'application/pdf' }],
      });
      await evaluations.recordEmail({
        evaluationId: detail.id,
        version: detail.version,
        sentBy: a.actor.userId,
        recipient: to,
        lang: model.lang,
      });
      return { to, password, lang: model.lang };
    },
  };
}
