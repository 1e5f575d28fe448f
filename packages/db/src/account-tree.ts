/**
 * SQL fragments that scope a repository's query to an actor's account tree. They read `users` (owned by the people
 * module): the one read-only join every owner allows (docs/architecture.md, "Table owners").
 */
import { USER_TYPE } from '@medida/contracts';
import { sql, type Expression } from 'kysely';

/** How deep an account tree may go; also bounds the recursion. */
export const MAX_TREE_DEPTH = 32;

/**
 * The owner scope that repository queries put in their `where`: `column` holds a user strictly
 * below `actorId` in the account tree (the parent_user_id chain). Deleted intermediate users keep
 * their subtree reachable, so nothing below them becomes unreachable for the owner.
 */
export const belowActor = (actorId: number, column: string) => sql<boolean>`${sql.ref(column)} IN (
  WITH RECURSIVE tree (id, depth) AS (
    SELECT id, 1 FROM users WHERE parent_user_id = ${actorId}
    UNION ALL
    SELECT child.id, tree.depth + 1 FROM users child JOIN tree ON child.parent_user_id = tree.id WHERE tree.depth < ${MAX_TREE_DEPTH}
  )
  SELECT id FROM tree)`;

/**
 * Scope for clients (leaves of the tree): `parentColumn` is the actor itself or a professional below
 * it. Same set as `belowActor` for clients, but the recursion walks professionals only (partial index
 * users_professional_parent_idx), so it stays small when a tree holds thousands of clients (decision 071). The actor
 * may be a column of the outer query (one statement checking several actors' rows, decision 250). The depth is a
 * literal, so that a generic plan of the statement costs what a custom one does (decision 253).
 */
export const parentInActorTree = (
  actorId: number | Expression<number>,
  parentColumn: string,
) => sql<boolean>`${sql.ref(parentColumn)} IN (
  WITH RECURSIVE pros (id, depth) AS (
    SELECT ${actorId}::integer, 0
    UNION ALL
    SELECT child.id, pros.depth + 1 FROM users child JOIN pros ON child.parent_user_id = pros.id WHERE child.type = ${sql.lit(USER_TYPE.professional)} AND pros.depth < ${sql.lit(MAX_TREE_DEPTH)}
  )
  SELECT id FROM pros)`;

/**
 * A row of `users` (aliased `table`) strictly below the actor: its parent is the actor or a professional
 * below it. Same set as `belowActor(actorId, '<table>.id')`, since a parent is always a professional, but the
 * recursion walks professionals only: a few rows instead of every client of the tree (decision 100).
 */
export const userBelowActor = (actorId: number, table: string) => parentInActorTree(actorId, `${table}.parent_user_id`);

/** The account tree `userId` belongs to (its root): evaluations carry it, so a list walks one account's index. */
export const accountRootOf = (userId: number) => sql<number>`(SELECT account_root_id FROM users WHERE id = ${userId})`;
