import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  clientExportDocumentSchema,
  ErrorCode,
  languageSchema,
  type ExportedAttachment,
  type Language,
  userTypeSchema,
} from '@medida/contracts';
import { z } from 'zod';
import { AppError, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import type { JobAttempt } from '../../lib/jobs.ts';
import { readVerified, type BlobStorage } from '../../lib/storage.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createAttachmentsService } from '../attachments/attachments.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ReportRenderer } from '../reports/report-renderer.ts';
import { createReportsService } from '../reports/reports.service.ts';
import { fhirBundle } from '../fhir/fhir-bundle.ts';
import {
  attachmentEntry,
  CLIENT_JSON,
  exportDocument,
  exportedEvaluation,
  FHIR_BUNDLE_JSON,
  reportEntry,
} from './export-document.ts';
import { EXPORT_BUILD, EXPORT_BUILD_DEADLINE_MS, EXPORT_EXPIRE, EXPORT_TTL_MS } from './export-jobs.ts';
import { createExportsRepository, type Claimant, type ExportRow } from './exports.repository.ts';
import { createZipFile } from './zip-file.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** The starter as the row keeps it (its request's scope). */
const storedActor = z.object({
  userId: z.number().int(),
  userType: userTypeSchema,
  parentId: z.number().int().nullable(),
  credits: z.number(),
});

/**
 * An accepted export no run has claimed this many heartbeats after it was accepted or queued: its instance died
 * before queueing it, or a run died between taking its job and claiming it (on PostgreSQL, queued again; a queue busy
 * that long gets one spare run, which finds the build claimed or done). Six beats: a minute at the default heartbeat,
 * and about when a dead instance's claimed build is handed over too (four beats to be stale, one to sweep; decision
 * 260).
 */
const UNCLAIMED_GRACE_BEATS = 6;

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
 * The job is a row any instance answers; its build a queued job any instance runs; the ZIP a blob (decision 224).
 */
export function createExportsService(
  deps: AppDeps & { storage: BlobStorage; renderer: ReportRenderer; tmpDir: string },
) {
  const repo = createExportsRepository(deps.db);
  const people = createPeopleService(deps);
  const evaluations = createEvaluationsService(deps);
  const attachments = createAttachmentsService(deps);
  const reports = createReportsService({ ...deps, ...deps.renderer });
  const consent = createConsentService(deps);
  const audit = createAuditService(deps);
  const limits = createRateLimitsService(deps);
  const users = createUserRecordsService(deps.db);
  const later = (ms: number) => new Date(deps.clock.now().getTime() + ms);
  const instanceId = deps.instance.id;
  const claimant = (): Claimant => ({ instanceId, now: deps.clock.now(), freshSince: deps.instance.freshSince() });

  /** Writes the ZIP to `file`, counting each entry in the row as it goes. */
  async function writeZip(job: ExportRow, actor: Actor, file: string) {
    const actorId = actor.userId;
    const client = await users.findVisibleClient(actorId, job.client_id);
    const {
      attachments: files,
      is_parent: _isParent,
      email_owner_only: _emailOwnerOnly,
      ...profile
    } = await people.get({ actorId, userId: client.id });
    const evaluationIds = await evaluations.idsOfClient({ actor, clientId: client.id });
    const total = evaluationIds.length + files.length + 1;
    let done = 0;
    const step = () => repo.progress(job.id, instanceId, ++done, total);
    await repo.progress(job.id, instanceId, 0, total);
    const zip = createZipFile(file);
    try {
      const exported = [];
      const currents = [];
      for (const evaluationId of evaluationIds) {
        const current = await evaluations.get({ actor, evaluationId });
        currents.push(current);
        const versions = [];
        for (const info of current.versions)
          versions.push(
            info.version === current.version
              ? current
              : await evaluations.get({ actor, evaluationId, version: info.version }),
          );
        const report = await reports.forExport({ actor, evaluationId });
        const entry = reportEntry(report.fileName);
        await zip.add(entry, report.pdf, { compress: false });
        exported.push(exportedEvaluation(current, versions, { file: entry, lang: report.lang }));
        await step();
      }
      const exportedFiles: ExportedAttachment[] = [];
      for (const meta of files) {
        const blob = await attachments.download(actorId, meta.id);
        const entry = attachmentEntry(meta.id, blob.fileName);
        await zip.add(entry, blob.data, { compress: false });
        exportedFiles.push({
          id: meta.id,
          title: meta.title,
          description: meta.description,
          mime_type: meta.mime_type,
          size_bytes: blob.data.byteLength,
          sha256: createHash('sha256').update(blob.data).digest('hex'),
          created_at: meta.created_at,
          uploader: meta.uploader,
          file: entry,
        });
        await step();
      }
      const lang = languageSchema.catch('es').parse(client.lang);
      // The same data as FHIR R4 (decision 226), for a health record system to import.
      const bundle = fhirBundle({ client: { id: client.id, ...profile.profile }, evaluations: currents, lang });
      await zip.add(FHIR_BUNDLE_JSON, Buffer.from(JSON.stringify(bundle, null, 2), 'utf8'), { compress: true });
      const document = exportDocument({
        exportedAt: deps.clock.now(),
        actor,
        client: { ...profile, lang },
        consents: await consent.history(actorId, client.id),
        evaluations: exported,
        attachments: exportedFiles,
        auditTrail: (await audit.all(actorId, client.id)).map(({ is_self: _self, ...event }) => event),
      });
      // The documented schema is the contract: a document that breaks it is a bug, never a download.
      const json = JSON.stringify(clientExportDocumentSchema.parse(document), null, 2);
      await zip.add(CLIENT_JSON, Buffer.from(json, 'utf8'), { compress: true });
      await step();
      await zip.finish();
    } catch (error) {
      zip.abort();
      throw error;
    }
  }

  /** One run of the build: the ZIP from the first file, then a blob; the row says ready only if this run still holds it. */
  async function build(job: ExportRow, actor: Actor) {
    await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
    const file = path.join(deps.tmpDir, `${job.id}-${randomUUID()}.zip`);
    try {
      await writeZip(job, actor, file);
      const staged = await deps.storage.stage(createReadStream(file));
      try {
        await deps.storage.promote(staged.key);
      } catch (error) {
        await deps.storage.discard(staged.key);
        throw error;
      }
      const won = await repo.ready(job.id, instanceId, {
        storageKey: staged.key,
        size: staged.size,
        sha256: staged.sha256,
        expiresAt: later(EXPORT_TTL_MS),
      });
      if (!won) return deps.storage.remove(staged.key);
      // A minute late: the queue's clock (PostgreSQL's) and this instance's may differ a little.
      await deps.jobs.send(EXPORT_EXPIRE, { id: job.id }, { startAfterSeconds: EXPORT_TTL_MS / 1000 + 60 });
    } finally {
      await rm(file, { force: true });
    }
  }

  /**
   * The handover (PostgreSQL, every heartbeat of this instance, decision 231): builds whose instance died, whose
   * run has outlived the job's expiry, or that no run claimed in time, are queued again for any instance.
   */
  async function takeOver() {
    const { now, freshSince } = claimant();
    const rows = await repo.takeOver({
      now,
      freshSince,
      claimedBefore: new Date(now.getTime() - EXPORT_BUILD.expireInSeconds * 1000),
      unclaimedBefore: new Date(now.getTime() - UNCLAIMED_GRACE_BEATS * deps.config.instanceHeartbeatMs),
    });
    for (const { id } of rows) await deps.jobs.send(EXPORT_BUILD, { id });
    return rows.length;
  }

  /** Removes the row and its ZIP (an expired export, or one whose request failed before it started). */
  async function remove(id: string) {
    const key = await repo.remove(id);
    if (key) await deps.storage.remove(key);
  }

  /** The owner's export, unless its time is up (then it goes, row and ZIP). */
  async function findOwn(ownerId: number, id: string) {
    const job = await repo.findOwn(ownerId, id);
    if (!job) return undefined;
    if (job.expires_at && deps.clock.now() >= job.expires_at) {
      await remove(job.id);
      return undefined;
    }
    return job;
  }

  return {
    /** POST /web/clients/:id/export: a client the actor may see (else 404), one export at a time, rate-limited. */
    async start(actor: Actor, clientId: number, lang: Language): Promise<ExportRow> {
      const client = await users.findVisibleClient(actor.userId, clientId);
      if (await repo.building(actor.userId, deps.clock.now())) throw exportInProgress();
      const decision = await limits.consume('client-export', String(actor.userId), [
        { limit: EXPORTS_PER_HOUR, windowMs: HOUR },
      ]);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      // The total from the start, so the first answer can already say "file 0 of N" (the build recounts).
      const [evaluationIds, files] = await Promise.all([
        evaluations.idsOfClient({ actor, clientId: client.id }),
        attachments.list(actor.userId, client.id),
      ]);
      const id = randomUUID();
      const { userId, userType, parentId, credits } = actor;
      await repo.insert({
        id,
        ownerId: actor.userId,
        clientId: client.id,
        actor: { userId, userType, parentId, credits },
        fileName: exportFileName(client.id, deps.clock.now(), lang),
        total: evaluationIds.length + files.length + 1,
        deadline: later(EXPORT_BUILD_DEADLINE_MS),
        now: deps.clock.now(),
      });
      const job = await repo.findOwn(actor.userId, id);
      if (!job) throw notFound();
      return job;
    },

    /**
     * The queued build (any instance, any run), once this instance has claimed it (decision 231): a build done, or
     * held by a live instance, needs no run here. A failure lets go of it, or on the last run marks it failed.
     */
    async run(id: string, attempt: JobAttempt) {
      const job = await repo.claim(id, claimant());
      if (!job) return;
      const { actor, ...row } = job;
      try {
        await build(row, storedActor.parse(actor));
      } catch (error) {
        if (attempt.last) await repo.failed(id, instanceId, later(EXPORT_TTL_MS));
        else await repo.release(id, instanceId);
        throw error;
      }
    },

    takeOver,

    discard: remove,

    /** The queued expiry, and the start-up sweep: every export whose time is up goes. */
    async expire(id?: string) {
      const ids = id ? [id] : (await repo.expired(deps.clock.now())).map((row) => row.id);
      const now = deps.clock.now();
      for (const one of ids) {
        const job = await repo.forBuild(one);
        if (job?.expires_at && now >= job.expires_at) await remove(one);
      }
    },

    /** Queues the build of an accepted export (after its answer), and records that it is queued. */
    async queue(id: string) {
      const jobId = await deps.jobs.send(EXPORT_BUILD, { id });
      await repo.markQueued(id, deps.clock.now());
      return jobId;
    },

    /**
     * At start-up: the builds nobody will run otherwise. In-process, every unfinished one (its queue died with the
     * last process, and whichever instance claimed it with it); with pg-boss, the handover's.
     */
    async resume() {
      if (deps.jobs.durable) return takeOver();
      const rows = await repo.reclaimAll(deps.clock.now());
      for (const { id } of rows) await deps.jobs.send(EXPORT_BUILD, { id });
      return rows.length;
    },

    async status(actorId: number, jobId: string): Promise<ExportRow> {
      const job = await findOwn(actorId, jobId);
      if (!job) throw notFound();
      return job;
    },

    /** The ready ZIP, if the actor may still see the client (access can end while a ZIP waits). */
    async readyFile(actorId: number, jobId: string) {
      const job = await findOwn(actorId, jobId);
      if (!job) throw notFound();
      if (job.status !== 'ready' || !job.storage_key || job.size_bytes === null || !job.sha256) throw exportNotReady();
      await users.findVisibleClient(actorId, job.client_id);
      const data = await readVerified(deps.storage, {
        storage_key: job.storage_key,
        size_bytes: job.size_bytes,
        sha256: job.sha256,
      });
      if (!data) throw notFound();
      return { job, data };
    },
  };
}
