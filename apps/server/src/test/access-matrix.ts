import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { USER_TYPE } from '@medida/contracts';
import { bearer, insertUser, openSession } from './factories.ts';
import {
  chileIds,
  clientBody,
  editableFields,
  loggedIn,
  multipartPayload,
  sampleFiles,
  validRut,
} from './people-factories.ts';
import type { ChileIds, Actor } from './people-factories.ts';
import { evaluationBody } from './evaluation-factories.ts';
import { signedInOperator } from './second-factor-factories.ts';
import type { TestContext } from './test-app.ts';

/**
 * The access matrix over the whole API (security.md R14/R15, issue 16): every route × every kind of actor,
 * aimed at the objects of one account (the target). Only the target's owner may succeed on the target's
 * objects; the target's own client may read what is its own. Everyone else gets no 2xx that reveals or
 * changes the target's data. The one harness for every module (it replaced the per-module copies).
 */

/** Actors outside the target account, then the target's client, then its owner (last: its writes succeed). */
export const FOREIGN_ACTORS = [
  'none',
  'revoked',
  'foreignClient',
  'foreignChild',
  'foreignParent',
  'stranger',
  'operator',
] as const;
type ForeignActor = (typeof FOREIGN_ACTORS)[number];
export type MatrixActor = ForeignActor | 'client' | 'owner';

/** The target account: an owner, its client (with a secret e-mail, RUT and attachment), a colleague, objects. */
export interface Target {
  ids: ChileIds;
  owner: Actor;
  client: Actor & { rut: string };
  colleague: { id: number; email: string };
  evaluationId: number;
  attachmentId: number;
  roomId: string;
  companyId: number;
  /** A second live session of the owner (for DELETE /web/sessions/:id). */
  sessionId: string;
  revokedHeaders: { authorization: string };
}

/** Professionals and a client of other accounts: a parent with a network child and a client, and a loner. */
export interface Outsiders {
  foreignParent: Actor;
  foreignChild: Actor;
  foreignClient: Actor;
  stranger: Actor;
  /** One of the team's operators, its second factor passed (decision 229): refused everywhere but the console. */
  operator: Actor;
}

const ATTACHMENT_SECRET = 'Informe confidencial 4711';

export async function outsiders(ctx: TestContext): Promise<Outsiders> {
  const ids = await chileIds(ctx.db);
  const loc = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const foreignParent = await loggedIn(ctx, { creditos: 100 });
  const foreignChild = await loggedIn(ctx, {
    type: USER_TYPE.professional,
    parent_user_id: foreignParent.id,
    creditos: 10,
    ...loc,
  });
  const foreignClient = await loggedIn(ctx, { type: USER_TYPE.client, parent_user_id: foreignParent.id, ...loc });
  const stranger = await loggedIn(ctx, { creditos: 100 });
  const operator = await signedInOperator(ctx);
  return { foreignParent, foreignChild, foreignClient, stranger, operator: { ...operator, token: '' } };
}

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`fixture request failed: ${r.statusCode} ${r.body}`);
  return r;
}

/** A fresh target account with one of every object the API serves. */
export async function target(ctx: TestContext): Promise<Target> {
  const ids = await chileIds(ctx.db);
  const loc = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const owner = await loggedIn(ctx, { creditos: 100 });
  const rut = validRut();
  const clientUser = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: owner.id, ...loc, rut });
  const client = { ...clientUser, rut, token: '', headers: bearer(await openSession(ctx.app, clientUser.id)) };
  const colleague = await insertUser(ctx, {
    type: USER_TYPE.professional,
    parent_user_id: owner.id,
    ...loc,
    especialidad: 'Nutricionista',
    trabajo: 'Independiente',
  });
  const as = (options: InjectOptions) =>
    ok(ctx.app.inject({ ...options, headers: { ...owner.headers, ...(options.headers as object) } }));

  const evaluation = await as({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    payload: evaluationBody(client.id, owner.id),
  });
  const upload = await multipartPayload(
    {
      ...editableFields(clientBody(ids, owner.id)),
      id_usuario: client.id,
      email: client.email,
      rut,
      files_info: [{ title: 'Lab', description: ATTACHMENT_SECRET }],
    },
    [{ name: 'lab.pdf', data: sampleFiles.pdf() }],
  );
  await as({ method: 'POST', url: '/web/editaperfil', headers: upload.headers, payload: upload.payload });
  const attachment = await ctx.db
    .selectFrom('attachments')
    .select('id')
    .where('user_id', '=', client.id)
    .executeTakeFirstOrThrow();
  const room = await as({ method: 'POST', url: '/web/getOrCreateUserChatRoom', payload: { user_id: client.id } });
  const company = await as({ method: 'POST', url: '/web/companies', payload: { name: `Target ${owner.id}` } });

  const second = await openSession(ctx.app, owner.id);
  const sessions = await as({ method: 'GET', url: '/web/sessions', headers: bearer(second) });
  const sessionId = sessions
    .json<{ sessions: { id: string; current: boolean }[] }>()
    .sessions.find((s) => s.current)!.id;
  const revoked = bearer(await openSession(ctx.app, owner.id));
  await as({ method: 'POST', url: '/web/logout', headers: revoked });

  return {
    ids,
    owner,
    client,
    colleague,
    evaluationId: evaluation.json<{ evaluacion: { id: number } }>().evaluacion.id,
    attachmentId: attachment.id,
    roomId: room.json<{ room: { chat_room_id: string } }>().room.chat_room_id,
    companyId: company.json<{ company: { id: number } }>().company.id,
    sessionId,
    revokedHeaders: revoked,
  };
}

/** Texts of the target's client that no foreign answer may contain. */
export const secretsOf = (t: Target) => [t.client.email, t.client.rut, ATTACHMENT_SECRET];

/** Every row of the target account a request could change. */
export async function targetSnapshot(ctx: TestContext, t: Target) {
  const people = [t.owner.id, t.client.id, t.colleague.id];
  const db = ctx.db;
  return {
    users: await db.selectFrom('users').selectAll().where('id', 'in', people).orderBy('id').execute(),
    children: await db.selectFrom('users').select('id').where('parent_user_id', 'in', people).orderBy('id').execute(),
    sessions: await db.selectFrom('sessions').select('id').where('user_id', 'in', people).orderBy('id').execute(),
    evaluations: await db.selectFrom('evaluations').selectAll().where('client_id', '=', t.client.id).execute(),
    versions: await db
      .selectFrom('evaluation_versions')
      .select(['evaluation_id', 'version'])
      .where('evaluation_id', '=', t.evaluationId)
      .execute(),
    emails: await db.selectFrom('evaluation_emails').select('id').where('evaluation_id', '=', t.evaluationId).execute(),
    attachments: await db.selectFrom('attachments').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
    ledger: await db
      .selectFrom('credit_ledger')
      .select('id')
      .where((eb) => eb.or([eb('from_user_id', 'in', people), eb('to_user_id', 'in', people)]))
      .orderBy('id')
      .execute(),
    companies: await db.selectFrom('companies').selectAll().where('owner_id', '=', t.owner.id).execute(),
    rooms: await db
      .selectFrom('chat_members')
      .select('room_id')
      .where('user_id', 'in', people)
      .orderBy('room_id')
      .execute(),
    messages: await db.selectFrom('chat_messages').select('id').where('room_id', '=', t.roomId).execute(),
    consents: await db.selectFrom('client_consents').selectAll().where('client_id', '=', t.client.id).execute(),
    passkeys: await db.selectFrom('passkeys').selectAll().where('user_id', 'in', people).orderBy('id').execute(),
  };
}

export interface AccessCase {
  route: string;
  /** State the row needs on top of the target (a consent to withdraw). */
  setup?: (t: Target) => Promise<void>;
  request: (t: Target, actor: { id: number; email: string }) => InjectOptions | Promise<InjectOptions>;
  /** The owner's status: the request is valid and reaches the target's objects. */
  owner: number;
  /** The target's own client's status, when it differs from "refused" (a read of its own record). */
  client?: number;
  /** Answers about the actor itself (its sessions, its dashboard): a foreign 2xx is fine if it is blind. */
  ownScope?: boolean;
  /**
   * An operator's console route (decision 229): the operator takes the owner's column (its answer must not hold the
   * target's client data either) and the target's owner joins the refused.
   */
  by?: 'operator';
}
