import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  clientIdParamsSchema,
  errorEnvelopeSchema,
  exportJobParamsSchema,
  exportJobResponseSchema,
} from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { audited, auditTargetOf, paramField } from '../../lib/audit-route.ts';
import { HOUR } from '../../lib/clock.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { DOWNLOAD_CSP } from '../../lib/response-headers.ts';
import type { ReportRenderer } from '../reports/report-renderer.ts';
import { EXPORT_BUILD, EXPORT_EXPIRE, toExportJob } from './export-jobs.ts';
import type { ExportRow } from './exports.repository.ts';
import { createExportsService } from './exports.service.ts';

/**
 * ZIPs being written (each run deletes its own). At start-up: everything on the embedded database (one process);
 * what is older than any run on a shared database, whose instances may share the data directory.
 */
async function clearTmp(dir: string, all: boolean) {
  const names = await readdir(dir).catch(() => []);
  const before = Date.now() - HOUR;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && (all || info.mtimeMs < before)) await rm(file, { force: true });
  }
}

const clientTarget = auditTargetOf('client');
const errors = {
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * A client's data export (issue 16, decision 145): POST starts a job (202), GET polls its progress, the
 * download hands over the ZIP once. Started by the client's professionals or by the client itself.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ renderer: ReportRenderer }> = async (app, { renderer }) => {
  const { storage, jobs } = app.deps;
  const tmpDir = path.join(app.deps.config.dataDir, 'exports');
  const exportsService = createExportsService({ ...app.deps, storage, renderer, tmpDir });
  /** The job a 202 answer announced: queued once the answer (and its audit event) has gone out. */
  const toStart = new WeakMap<FastifyRequest, ExportRow>();

  await clearTmp(tmpDir, !jobs.durable);
  await jobs.work(EXPORT_BUILD, (job, attempt) => exportsService.run(job.id, attempt));
  await jobs.work(EXPORT_EXPIRE, (job) => exportsService.expire(job.id));
  await exportsService.expire();
  await exportsService.resume();
  // On PostgreSQL, a build whose instance died goes to another as soon as that one misses its heartbeats (decision
  // 231), not when pg-boss's run expires. One process on the embedded database: nothing to hand over.
  if (jobs.durable) app.deps.instance.everyBeat(() => exportsService.takeOver());

  app.post(
    '/web/clients/:id/export',
    {
      ...audited(
        protectedRoute('any', {
          tags: ['people'],
          summary:
            "Starts building one ZIP of a client's data (JSON, report PDFs, attachments, audit trail); poll GET /web/exports/:id",
          params: clientIdParamsSchema,
          response: { 202: exportJobResponseSchema, ...errors },
        }),
        { action: 'export', resource: 'export', target: (request) => clientTarget(paramField(request, 'id')) },
      ),
      // After the audit event is written (onSend), so the trail inside the ZIP includes this export.
      onResponse: async (request, reply) => {
        const job = toStart.get(request);
        if (!job) return;
        if (reply.statusCode !== 202) return exportsService.discard(job.id);
        // Background work until queued, and in-process until built (tests and the shutdown drain wait for it); a
        // pg-boss job is safe once queued, and pg-boss's own stop waits for the run in progress.
        app.deps.background.run('client export', async () => {
          const id = await exportsService.queue(job.id);
          if (!jobs.durable) await jobs.settled(EXPORT_BUILD, id);
        });
      },
    },
    async (request, reply) => {
      const job = await exportsService.start(authOf(request), request.params.id, request.lang);
      toStart.set(request, job);
      return reply.code(202).send({ export: toExportJob(job) });
    },
  );

  app.get(
    '/web/exports/:id',
    protectedRoute('any', {
      tags: ['people'],
      summary: 'The progress of an export this user started (files written of the total); 404 for anybody else',
      params: exportJobParamsSchema,
      response: { 200: exportJobResponseSchema, ...errors },
    }),
    async (request) => ({
      export: toExportJob(await exportsService.status(authOf(request).userId, request.params.id)),
    }),
  );

  app.get(
    '/web/exports/:id/download',
    audited(
      protectedRoute('any', {
        tags: ['people'],
        summary: 'The ready ZIP of an export this user started (application/zip, attachment)',
        params: exportJobParamsSchema,
        response: { 200: binaryAnswer('The export', ['application/zip']), ...errors },
      }),
      { action: 'download', resource: 'export' },
    ),
    async (request, reply) => {
      const { job, data } = await exportsService.readyFile(authOf(request).userId, request.params.id);
      request.auditTarget = { kind: 'client', id: job.client_id };
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(data.length))
        .header('content-disposition', `attachment; filename="${job.file_name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', DOWNLOAD_CSP)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};
