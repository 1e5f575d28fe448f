import {
  acceptsReceiver,
  ErrorCode,
  handoverBodySchema,
  USER_TYPE,
  type HandoverBody,
  type UserType,
} from '@medida/contracts';
import { MAX_TREE_DEPTH } from '@medida/db';
import { AppError, fieldError, forbidden, unauthenticated } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createUserRecordsService, type UserRecordsService } from '../people/user-records.service.ts';
import { createHandoverRepository } from './handover.repository.ts';

const alreadyHandedOver = () => new AppError(409, ErrorCode.conflict, 'errors.handoverAlreadyDone');
const receiverError = (key: string) => fieldError('receiver_id', `validation.${key}`);

/** Where the request came from, for the audit trail. */
export interface HandoverOrigin {
  requestId: string | null;
  ip: string | null;
}

/**
 * Handing clients and network professionals over to another professional of the same account (decision 117):
 * one transaction with the actor, the receiver and the people moved locked; each client's move is recorded in
 * the giver's and the receiver's audit chains; evaluations, credits and companies stay as they are. The
 * receiver gets an e-mail in its language once the move is committed.
 */
export function createHandoverService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>) {
  const audit = createAuditService(deps);
  const notifications = createNotificationsService(deps);

  async function parentOf(actorId: number) {
    const row = await createUserRecordsService(deps.db).findLiveNode(actorId);
    if (!row) throw unauthenticated();
    return row.parent_user_id;
  }

  return {
    /** Each receiver with the branch of the giver's network that holds it (acceptsReceiver decides with it). */
    async receivers(actorId: number) {
      const rows = await createUserRecordsService(deps.db).listReceivers(actorId, await parentOf(actorId));
      // Every live professional below the giver is a receiver: their parents are enough to find each branch.
      const parents = new Map(rows.filter((r) => r.relation === 'network').map((r) => [r.id, r.parent_user_id]));
      const branchOf = (id: number) => {
        let current = id;
        for (let depth = 0; depth < MAX_TREE_DEPTH; depth++) {
          const parent = parents.get(current);
          if (parent === undefined || parent === null) return null;
          if (parent === actorId) return current;
          current = parent;
        }
        return null;
      };
      return rows.map(({ lang: _lang, parent_user_id: _parent, ...r }) => ({
        ...r,
        branch_id: r.relation === 'network' ? branchOf(r.id) : null,
      }));
    },

    async handOver(actorId: number, input: HandoverBody, origin: HandoverOrigin) {
      const body = handoverBodySchema.parse(input);
      if (body.receiver_id === actorId) throw receiverError('handoverSelf');
      const now = deps.clock.now();

      const done = await deps.db.transaction().execute(async (trx) => {
        const trxRepo = createHandoverRepository(trx);
        const users = createUserRecordsService(trx);
        const pair = await users.lockPair(actorId, body.receiver_id);
        const actor = pair.find((u) => u.id === actorId);
        const receiver = pair.find((u) => u.id === body.receiver_id);
        if (!actor || actor.deleted_at !== null) throw unauthenticated();
        if (actor.type !== USER_TYPE.professional) throw forbidden();
        // Another account's user, or a deleted one: the same answer, so ids reveal nothing (decision 012).
        if (!receiver || receiver.deleted_at !== null || receiver.account_root_id !== actor.account_root_id)
          throw receiverError('handoverReceiverNotAllowed');
        if (receiver.type === USER_TYPE.client) throw receiverError('handoverReceiverIsClient');
        const allowed = await users.findReceiver(actorId, actor.parent_user_id, receiver.id);
        if (!allowed) throw receiverError('handoverReceiverNotAllowed');
        const branchId = allowed.relation === 'network' ? await branchOf(users, actorId, receiver.id) : null;
        if (!acceptsReceiver({ branch_id: branchId }, body)) throw receiverError('handoverReceiverInMoved');

        const clients = await lockOwn(
          users,
          trxRepo,
          actorId,
          USER_TYPE.client,
          body.all ? 'all' : body.client_ids,
          'client_ids',
        );
        // "Everyone" leaves the receiver's own branch where it is: it cannot move under itself (decision 184).
        const network = (
          await lockOwn(
            users,
            trxRepo,
            actorId,
            USER_TYPE.professional,
            body.all ? 'all' : body.network_ids,
            'network_ids',
          )
        ).filter((id) => id !== branchId);
        if (clients.length + network.length === 0) throw fieldError('client_ids', 'validation.handoverNobody');
        if (await users.isInside(receiver.id, network)) throw receiverError('handoverReceiverInMoved');

        // Both sides of each client's move go into the audit trail with the move itself (decision 142 chains).
        await audit.lockChains(trx, [actorId, receiver.id]);
        const event = (clientId: number, action: 'handed_over' | 'received') => ({
          actorId,
          actorType: actor.type as UserType,
          target: { kind: 'client' as const, id: clientId },
          resourceType: 'client',
          action,
          result: 'success' as const,
          ...origin,
        });
        for (const id of clients) await audit.recordInTransaction(trx, event(id, 'handed_over'));
        await users.moveTo([...clients, ...network], receiver.id, now);
        for (const id of clients) await audit.recordInTransaction(trx, event(id, 'received'));
        await trxRepo.record(
          [...clients, ...network].map((id) => ({
            user_id: id,
            from_user_id: actorId,
            to_user_id: receiver.id,
            actor_id: actorId,
            created_at: now,
          })),
        );
        return { actor, receiver, clients: clients.length, network: network.length };
      });

      const { id, email, nombre, lang } = done.receiver;
      await notifications.handover(
        { id, email, nombre, lang },
        {
          giver: `${done.actor.nombre} ${done.actor.apellido}`.trim(),
          clients: done.clients,
          network: done.network,
        },
      );
      return { clients: done.clients, network: done.network };
    },
  };
}

/** The actor's own network professional whose branch holds `userId` (itself when direct), or null. */
async function branchOf(users: UserRecordsService, actorId: number, userId: number): Promise<number | null> {
  let current = userId;
  for (let depth = 0; depth < MAX_TREE_DEPTH; depth++) {
    const node = await users.findLiveNode(current);
    if (!node || node.parent_user_id === null) return null;
    if (node.parent_user_id === actorId) return current;
    current = node.parent_user_id;
  }
  return null;
}

/**
 * The actor's own live children among `ids` (or all of them), locked. An id that is not among them is either
 * one the actor handed over before (409, it already went) or never its own (422: nothing about it is told).
 */
async function lockOwn(
  users: UserRecordsService,
  repo: ReturnType<typeof createHandoverRepository>,
  actorId: number,
  type: UserType,
  ids: number[] | 'all',
  field: 'client_ids' | 'network_ids',
) {
  const rows = (await users.lockChildren(actorId, type, ids)).map((r) => r.id);
  if (ids === 'all') return rows;
  const missing = [...new Set(ids)].filter((id) => !rows.includes(id));
  if (missing.length === 0) return rows;
  const gone = await repo.handedOverBy(actorId, missing);
  if (gone.length === missing.length) throw alreadyHandedOver();
  throw fieldError(
    field,
    field === 'client_ids' ? 'validation.handoverNotYourClient' : 'validation.handoverNotYourNetwork',
  );
}
