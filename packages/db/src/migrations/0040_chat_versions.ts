import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 item 2, decision 239: each user's chat version, read with the session like the
// account's data version (0023), so the room list and history pages can be answered from memory until something the
// user's chat shows changes. Raised in the transaction of every chat write (a message, a read mark, a new room) for
// the members of the rooms it touched, and by a trigger when a profile the rooms show (name, picture) changes, for
// the user and everyone it has a room with. Always in user order, after the rows the write changed, so concurrent
// writers lock these rows in one order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE chat_versions (
    user_id integer PRIMARY KEY REFERENCES users (id),
    version bigint NOT NULL CHECK (version >= 1)
  )`.execute(db);
  await sql`CREATE FUNCTION chat_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO chat_versions AS cv (user_id, version)
        SELECT u.id, 1 FROM (
          SELECT CASE WHEN r.user_low = NEW.id THEN r.user_high ELSE r.user_low END AS id
            FROM chat_rooms r WHERE r.user_low = NEW.id OR r.user_high = NEW.id
          UNION SELECT NEW.id
        ) u ORDER BY u.id
        ON CONFLICT (user_id) DO UPDATE SET version = cv.version + 1;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER users_chat_profile AFTER UPDATE OF nombre, apellido, img_url ON users FOR EACH ROW
    WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre OR OLD.apellido IS DISTINCT FROM NEW.apellido
      OR OLD.img_url IS DISTINCT FROM NEW.img_url)
    EXECUTE FUNCTION chat_profile_changed()`.execute(db);
}
