import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 item 3, decision 261: one parent's changes of its children's balances that arrive
// together go to the database as one statement, so they share one round trip and one commit. In the order given,
// each move locks the parent and the child in id order (as `lockPair`), answers both rows as locked, and, when every
// rule holds (the child is the parent's live direct child, the parent is live, the balance changes, the target is not
// negative, whoever pays has enough), sets the child's balance, takes the difference from the parent or gives it back,
// and writes the ledger entry. The caller tells from the rows why a move that did not move did not.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION set_child_balances(p_parent integer, p_moves jsonb, p_now timestamptz)
    RETURNS TABLE (ord integer, id integer, parent_user_id integer, creditos integer, deleted_at timestamptz,
      moved boolean)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    DECLARE
      v_ord integer;
      v_child integer;
      v_target integer;
      v_child_creditos integer;
      v_moved boolean;
    BEGIN
      FOR v_ord, v_child, v_target IN
        SELECT m.o::integer, (m.move->>'child')::integer, (m.move->>'target')::integer
          FROM jsonb_array_elements(p_moves) WITH ORDINALITY AS m(move, o) ORDER BY m.o
      LOOP
        PERFORM 1 FROM users u WHERE u.id IN (p_parent, v_child) ORDER BY u.id FOR UPDATE;
        SELECT c.creditos INTO v_child_creditos
          FROM users p JOIN users c ON p.id = p_parent AND c.id = v_child
          WHERE p.deleted_at IS NULL AND c.deleted_at IS NULL AND c.parent_user_id = p_parent
            AND c.creditos <> v_target AND p.creditos >= v_target - c.creditos AND v_target >= 0;
        v_moved := FOUND;
        RETURN QUERY SELECT v_ord, u.id, u.parent_user_id, u.creditos, u.deleted_at, v_moved
          FROM users u WHERE u.id IN (p_parent, v_child) ORDER BY u.id;
        IF v_moved THEN
          UPDATE users u SET creditos = CASE WHEN u.id = v_child THEN v_target
              ELSE u.creditos - (v_target - v_child_creditos) END
            WHERE u.id IN (p_parent, v_child);
          INSERT INTO credit_ledger (actor_id, from_user_id, to_user_id, amount, created_at)
            VALUES (p_parent,
              CASE WHEN v_target > v_child_creditos THEN p_parent ELSE v_child END,
              CASE WHEN v_target > v_child_creditos THEN v_child ELSE p_parent END,
              abs(v_target - v_child_creditos), p_now);
        END IF;
      END LOOP;
    END
  $$`.execute(db);
}
