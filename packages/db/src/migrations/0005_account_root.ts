import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Every user and every evaluation carries the root of its account tree, so one
// professional's list walks an index of its own account only (decision 100), and getMyClients pages a
// parent's children in their display order from an index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The root of a user's account: itself for a top-level account, else its parent's root. Maintained by
  // triggers on every insert path (services, seeds, factories). Moving a user to another account would
  // leave its subtree's and its evaluations' roots stale, so the trigger refuses it (nothing does it today).
  await sql`ALTER TABLE users ADD COLUMN account_root_id integer REFERENCES users (id)`.execute(db);
  await sql`WITH RECURSIVE tree (id, root) AS (
      SELECT id, id FROM users WHERE parent_user_id IS NULL
      UNION ALL
      SELECT u.id, tree.root FROM users u JOIN tree ON u.parent_user_id = tree.id
    )
    UPDATE users SET account_root_id = tree.root FROM tree WHERE users.id = tree.id`.execute(db);
  await sql`UPDATE users SET account_root_id = id WHERE account_root_id IS NULL`.execute(db);
  await sql`ALTER TABLE users ALTER COLUMN account_root_id SET NOT NULL`.execute(db);
  await sql`CREATE FUNCTION users_account_root() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      root integer;
    BEGIN
      IF NEW.parent_user_id IS NULL THEN
        root := NEW.id;
      ELSE
        SELECT account_root_id INTO root FROM users WHERE id = NEW.parent_user_id;
      END IF;
      IF TG_OP = 'UPDATE' AND root IS DISTINCT FROM OLD.account_root_id THEN
        RAISE EXCEPTION 'a user cannot move to another account tree';
      END IF;
      NEW.account_root_id := root;
      RETURN NEW;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER users_account_root BEFORE INSERT OR UPDATE OF parent_user_id, account_root_id ON users
    FOR EACH ROW EXECUTE FUNCTION users_account_root()`.execute(db);

  // An evaluation belongs to its client's account (whoever evaluated it).
  await sql`ALTER TABLE evaluations ADD COLUMN account_root_id integer REFERENCES users (id)`.execute(db);
  await sql`UPDATE evaluations e SET account_root_id = c.account_root_id FROM users c WHERE c.id = e.client_id`.execute(
    db,
  );
  await sql`ALTER TABLE evaluations ALTER COLUMN account_root_id SET NOT NULL`.execute(db);
  await sql`CREATE FUNCTION evaluations_account_root() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT account_root_id INTO NEW.account_root_id FROM users WHERE id = NEW.client_id;
      RETURN NEW;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER evaluations_account_root BEFORE INSERT OR UPDATE OF client_id, account_root_id ON evaluations
    FOR EACH ROW EXECUTE FUNCTION evaluations_account_root()`.execute(db);

  // The list (newest first) starts with the account: a page never walks other accounts' rows.
  await sql`CREATE INDEX evaluations_account_list_idx ON evaluations (account_root_id, created_at DESC, id DESC)
    WHERE deleted_at IS NULL`.execute(db);

  // getMyClients / getMyEvaluators: one parent's live children of one type, in display order.
  await sql`CREATE INDEX users_children_order_idx ON users (parent_user_id, type, apellido, nombre, id)
    WHERE deleted_at IS NULL`.execute(db);
}
