import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  clientExportDocumentSchema,
  ErrorCode,
  languageSchema,
  type ExportedAttachment,
  type Language,
} from '@medida/contracts';
import { AppError, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createAttachmentsService } from '../attachments/attachments.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ReportRenderer } from '../reports/report-renderer.ts';
import { createReportsService } from '../reports/reports.service.ts';
import { attachmentEntry, CLIENT_JSON, exportDocument, exportedEvaluation, reportEntry } from './export-document.ts';
import type { ExportJobs, ExportJobState } from './export-jobs.ts';
import { createZipFile } from './zip-file.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** Exports a user may start (each renders every report of a client and reads every file). */
export const EXPORTS_PER_HOUR = 10;

const exportInProgress = () => new AppError(409, ErrorCode.conflict, 'errors.exportInProgress');
const exportNotReady = () => new AppError(409, ErrorCode.conflict, 'errors.exportNotReady');

/** In the user's language, as the files inside it (ASCII: it travels in a header). */
const exportFileName = (clientId: number, now: Date, lang: Language) =>
  `${translate(lang, 'exports.fileName')}-${clientId}-${now.toISOString().slice(0, 10)}.zip`;

/**
 * A client's data as one ZIP (issue 16, decision 145): client.json (docs/export-schema.md), each
 * evaluation's PDF report, the attachments. Every read goes through the owning module's service with the
 * actor's own scope, so the export shows exactly what the actor may already see one request at a time.
 */
export function createExportsService(
  deps: AppDeps & { storage: BlobStorage; renderer: ReportRenderer; jobs: ExportJobs },
) {
  const { jobs } = deps;
  const people = createPeopleService(deps);
  const evaluations = createEvaluationsService(deps);
  const attachments = createAttachmentsService(deps);
  const reports = createReportsService({ ...deps, ...deps.renderer });
  const consent = createConsentService(deps);
  const audit = createAuditService(deps);
  const limits = createRateLimitsService(deps);
  const users = createUserRecordsService(deps.db);

  async function build(job: ExportJobState, actor: Actor) {
    const actorId = actor.userId;
    const client = await users.findVisibleClient(actorId, job.clientId);
    const {
      attachments: files,
      is_parent: _isParent,
      email_owner_only: _emailOwnerOnly,
      ...profile
    } = await people.get({ actorId, userId: client.id });
    const evaluationIds = await evaluations.idsOfClient({ actor, clientId: client.id });
    job.total = evaluationIds.length + files.length + 1;
    const zip = createZipFile(job.filePath);
    try {
      const exported = [];
      for (const evaluationId of evaluationIds) {
        const current = await evaluations.get({ actor, evaluationId });
        const versions = [];
        for (const info of current.versions)
          versions.push(
            info.version === current.version
              ? current
              : await evaluations.get({ actor, evaluationId, version: info.version }),
          );
        const report = await reports.forExport({ actor, evaluationId });
        const file = reportEntry(report.fileName);
        await zip.add(file, report.pdf, { compress: false });
        exported.push(exportedEvaluation(current, versions, { file, lang: report.lang }));
        job.done++;
      }
      const exportedFiles: ExportedAttachment[] = [];
      for (const meta of files) {
        const blob = await attachments.download(actorId, meta.id);
        const file = attachmentEntry(meta.id, blob.fileName);
        await zip.add(file, blob.data, { compress: false });
        exportedFiles.push({
          id: meta.id,
          title: meta.title,
          description: meta.description,
          mime_type: meta.mime_type,
          size_bytes: blob.data.byteLength,
          sha256: createHash('sha256').update(blob.data).digest('hex'),
          created_at: meta.created_at,
          uploader: meta.uploader,
          file,
        });
        job.done++;
      }
      const document = exportDocument({
        exportedAt: deps.clock.now(),
        actor,
        client: { ...profile, lang: languageSchema.catch('es').parse(client.lang) },
        consents: await consent.history(actorId, client.id),
        evaluations: exported,
        attachments: exportedFiles,
        auditTrail: (await audit.all(actorId, client.id)).map(({ is_self: _self, ...event }) => event),
      });
      // The documented schema is the contract: a document that breaks it is a bug, never a download.
      const json = JSON.stringify(clientExportDocumentSchema.parse(document), null, 2);
      await zip.add(CLIENT_JSON, Buffer.from(json, 'utf8'), { compress: true });
      job.done++;
      await zip.finish();
    } catch (error) {
      zip.abort();
      throw error;
    }
    jobs.ready(job, (await stat(job.filePath)).size);
  }

  return {
    /** POST /web/clients/:id/export: a client the actor may see (else 404), one export at a time, rate-limited. */
    async start(actor: Actor, clientId: number, lang: Language): Promise<ExportJobState> {
      const client = await users.findVisibleClient(actor.userId, clientId);
      if (jobs.building(actor.userId)) throw exportInProgress();
      const decision = await limits.consume('client-export', String(actor.userId), [
        { limit: EXPORTS_PER_HOUR, windowMs: HOUR },
      ]);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const job = jobs.create(actor.userId, client.id, exportFileName(client.id, deps.clock.now(), lang));
      // The total from the start, so the first answer can already say "file 0 of N" (build() recounts).
      const [evaluationIds, files] = await Promise.all([
        evaluations.idsOfClient({ actor, clientId: client.id }),
        attachments.list(actor.userId, client.id),
      ]);
      job.total = evaluationIds.length + files.length + 1;
      return job;
    },

    /** Builds the ZIP after the answer (and its audit event) went out; a failure marks the job failed. */
    async run(job: ExportJobState, actor: Actor, log: (error: unknown) => void) {
      try {
        await build(job, actor);
      } catch (error) {
        log(error);
        await jobs.failed(job);
      }
    },

    status(actorId: number, jobId: string): ExportJobState {
      const job = jobs.find(actorId, jobId);
      if (!job) throw notFound();
      return job;
    },

    /** The ready ZIP, if the actor may still see the client (access can end while a ZIP waits). */
    async readyFile(actorId: number, jobId: string) {
      const job = jobs.find(actorId, jobId);
      if (!job) throw notFound();
      if (job.status !== 'ready') throw exportNotReady();
      await users.findVisibleClient(actorId, job.clientId);
      return job;
    },
  };
}
