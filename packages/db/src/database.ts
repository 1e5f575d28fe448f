import type { UserType } from '@medida/contracts';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely types of the migrated schema. Keep in step with src/migrations and with `databaseColumns`
 * below: schema.int.test.ts compares that map with information_schema, and the map's type ties it
 * to these interfaces, so a drift on either side fails a check.
 */

/** timestamptz: read as Date, written as Date. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
/** `date` columns are read as 'YYYY-MM-DD' strings (parsers set in create-db.ts). */
type CalendarDate = string;

export interface UsersTable {
  id: Generated<number>;
  /** USER_TYPE of @medida/contracts: 1 professional, 2 client. */
  type: UserType;
  email: string;
  password_hash: string | null;
  cambia_pass: Generated<number>;
  nombre: string;
  apellido: string;
  telefono: string | null;
  nacimiento: CalendarDate | null;
  sexo: string | null;
  img_url: string | null;
  direccion: string | null;
  pais_id: number | null;
  region_id: number | null;
  comuna_id: number | null;
  rut: string | null;
  creditos: Generated<number>;
  lang: Generated<string>;
  /** 'metric' or 'imperial': the units the user types weights and lengths in (issue 15). */
  units: Generated<string>;
  parent_user_id: number | null;
  account_level: Generated<string>;
  especialidad: string | null;
  trabajo: string | null;
  empresa: string | null;
  company_id: number | null;
  registration_variant: string | null;
  terms_accepted_at: NullableTimestamp;
  password_expires_at: NullableTimestamp;
  /** Self-registered accounts verify their address before creating clients (null until then). */
  email_verified_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
  /** Weeks without an evaluation after which the dashboard lists a client for follow-up. */
  follow_up_weeks: Generated<number>;
  /** `{ cards: string[] }`: the dashboard's cards in order; null shows the default set. */
  dashboard_cards: ColumnType<JsonObject | null, string | null | undefined, string | null>;
  /** The top of this user's account tree (itself for a top-level account); set by a trigger (0005). */
  account_root_id: Generated<number>;
  /** On an account's root: its professionals must sign in with a second factor (decision 208). */
  network_requires_second_factor: Generated<boolean>;
  /** One of the team's operators (decision 229): made only by `npm run operator -- create`, never by sign-up. */
  operator: Generated<boolean>;
  /** On an account's root: suspended by an operator; its users cannot sign in, its data is kept (decision 229). */
  suspended_at: NullableTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** What the sign-in proved besides the password (decision 206); null = the password alone. */
  second_factor: SecondFactorKind | null;
}

/** A second factor a session's sign-in used: an authenticator's code, a recovery code, a passkey. */
export type SecondFactorKind = 'totp' | 'recovery' | 'passkey';

/** One TOTP authenticator per user (decision 207): the secret sealed with the server key, never in clear. */
export interface TotpFactorsTable {
  user_id: number;
  sealed_secret: string;
  created_at: Timestamp;
  /** Set once a first code matched; an unconfirmed row is an enrolment in progress. */
  confirmed_at: NullableTimestamp;
  /** RFC 6238 time step of the last accepted code: a code at or before it is a replay. */
  last_used_step: number | null;
}

/** Single-use recovery codes (decision 207): only a keyed hash of each. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Per-account login throttle, keyed by sha256(lower(email)) so unknown e-mails behave the same. */
/** One row per throttled key (an e-mail's hash, or a known device): the lock that serialises its attempts. */
export interface LoginThrottleTable {
  account_key: string;
  /** When the owner was e-mailed about this lockout (one notice per lockout window). */
  lockout_notified_at: NullableTimestamp;
}

/** Failed sign-ins of the sliding window (decision 015); older rows stop counting and are pruned. */
export interface LoginFailuresTable {
  account_key: string;
  failed_at: Timestamp;
}

/** One-time links of an account: e-mail change confirmation, e-mail verification, unlock (SHA-256 only). */
export interface AccountTokensTable {
  id: Generated<number>;
  purpose: 'email_change' | 'email_verify' | 'unlock' | 'sign_in';
  user_id: number;
  token_hash: string;
  new_email: string | null;
  requested_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A user's passkey (decision 209): a discoverable WebAuthn credential, found at sign-in by its id. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The authenticator's credential id, base64url; unique across users. */
  credential_id: string;
  /** The COSE public key as the authenticator gave it. */
  public_key: Uint8Array;
  /** The last signature counter the authenticator reported (decision 210: 0 stays 0 for synced passkeys). */
  sign_count: Generated<number>;
  /** The transports the browser reported, comma-separated ('internal,hybrid'). */
  transports: Generated<string>;
  /** What the authenticator keeps as the user (base64url, random, one per user). */
  user_handle: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** A WebAuthn ceremony's challenge (SHA-256 only): single use, 5 minutes, shared by every instance. */
export interface WebauthnChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'sign_in' | 'second_factor';
  user_id: number | null;
  ticket_hash: string | null;
  user_handle: string | null;
  expires_at: Timestamp;
}

/** Browsers that signed in to an account before (the cookie's SHA-256): they pass the login back-off. */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

/** Fixed-window counters (per IP, per e-mail hash…) shared by every server instance. */
export interface RateLimitCountersTable {
  scope: string;
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface CountriesTable {
  id: number;
  name: string;
  phonecode: string;
  iso2: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
  /** The account (its root user) that owns it; null for shared companies (the default 9, partners'). Decision 112. */
  owner_id: number | null;
  tax_id: string | null;
  /** The registration variant whose new accounts belong to this (partner) company. */
  partner_variant: string | null;
  archived_at: NullableTimestamp;
}

/** Every e-mail we hand to the transport: who, which template, when (never the body or links). */
export interface EmailLogTable {
  id: Generated<string>;
  user_id: number | null;
  template: string;
  recipient: string;
  created_at: Timestamp;
}

export interface StatesTable {
  id: number;
  country_id: number;
  name: string;
  iso_code: string;
}

/** The spec's comunas. */
export interface CitiesTable {
  id: number;
  state_id: number;
  name: string;
}

/** A client's document; the blob lives in the storage under `storage_key`, never under the user's file name. */
export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  uploader_id: number;
  title: string;
  description: string;
  original_name: string;
  storage_key: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Generated<Date>;
}

/** One profile picture per user (decision 118); `users.img_url` is `/web/avatars/<storage_key>`. */
export interface AvatarsTable {
  user_id: number;
  storage_key: string;
  size_bytes: number;
  sha256: string;
  created_at: Date;
}

/**
 * One immutable credit movement (a trigger refuses UPDATE and DELETE): a transfer between two
 * accounts (to_user_id set), or an evaluation's charge (evaluation_id set, no receiving account).
 */
export interface CreditLedgerTable {
  id: Generated<number>;
  /** null: the operator's CLI or the sign-up allowance (decision 130). */
  actor_id: number | null;
  /** null: credits entering the system (a grant); then `note` says why. */
  from_user_id: number | null;
  to_user_id: number | null;
  amount: number;
  created_at: Generated<Date>;
  evaluation_id: number | null;
  note: string | null;
}

/** jsonb: read as the parsed object, written as JSON text (`JSON.stringify`), so arrays stay JSON. */
export type JsonObject = Record<string, unknown>;
type Jsonb = ColumnType<JsonObject, string, string>;

export interface EvaluationsTable {
  id: Generated<number>;
  client_id: number;
  evaluator_id: number;
  evaluation_type: number;
  current_version: Generated<number>;
  /** The evaluation date (`fecha`) of the current version. */
  evaluated_on: CalendarDate;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
  /** The current version's key figures (dashboard and analytics); null when the method has none. */
  bmi: number | null;
  bmi_category: string | null;
  body_fat_percent: number | null;
  fat_category: string | null;
  waist_cm: number | null;
  /** The fat %'s comparison series (the engine's bodyFatSeries, decision 188): equal series compare. */
  body_fat_series: string | null;
  /** The client's account root (set by a trigger, 0005): the list's index starts with it. */
  account_root_id: Generated<number>;
}

/** Immutable (a trigger refuses UPDATE and DELETE): an edit inserts version n+1. */
export interface EvaluationVersionsTable {
  evaluation_id: number;
  version: number;
  evaluation_type: number;
  inputs: Jsonb;
  results: Jsonb;
  engine_version: string;
  created_by: number;
  created_at: Timestamp;
  /** A timeline card's and the client history's fields, computed by the database from the documents (migration 0032, decision 214). */
  card_peso: GeneratedAlways<number | null>;
  card_waist_cm: GeneratedAlways<number | null>;
  card_bmi: GeneratedAlways<number | null>;
  card_bmi_category: GeneratedAlways<string | null>;
  card_body_fat_percent: GeneratedAlways<number | null>;
  card_fat_category: GeneratedAlways<string | null>;
  card_body_fat_equation: GeneratedAlways<string | null>;
  card_muscle_equation: GeneratedAlways<string | null>;
  card_muscle_mass_kg: GeneratedAlways<number | null>;
  card_vo2max: GeneratedAlways<number | null>;
  card_lean_mass_kg: GeneratedAlways<number | null>;
  card_sum6_mm: GeneratedAlways<number | null>;
  card_sum8_mm: GeneratedAlways<number | null>;
  card_endomorphy: GeneratedAlways<number | null>;
  card_mesomorphy: GeneratedAlways<number | null>;
  card_ectomorphy: GeneratedAlways<number | null>;
}

export interface EvaluationEmailsTable {
  id: Generated<number>;
  evaluation_id: number;
  version: number;
  sent_by: number;
  recipient: string;
  lang: string;
  created_at: Timestamp;
}

/** One room per pair of users, stored ordered (user_low < user_high; decision 120). */
export interface ChatRoomsTable {
  id: Generated<string>;
  user_low: number;
  user_high: number;
  created_at: Timestamp;
  last_message_id: number | null;
  last_message_at: NullableTimestamp;
}

/** A room's participant and its unread count. */
export interface ChatMembersTable {
  room_id: string;
  user_id: number;
  unseen: Generated<number>;
}

/** A user's chat version (decision 239): raised by every chat write that changes what the user's chat shows. */
export interface ChatVersionsTable {
  user_id: number;
  version: number;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: string;
  user_id: number;
  message: string;
  /** The sender's own id for the message, so a retried send is stored once. */
  client_id: string | null;
  created_at: Timestamp;
}

/** Kept by a trigger on evaluations (migration 0006): one row per client that ever had an evaluation. */
export interface ClientEvaluationSummariesTable {
  client_id: number;
  evaluations: Generated<number>;
  last_evaluation_id: number | null;
  last_evaluated_on: CalendarDate | null;
  previous_evaluated_on: CalendarDate | null;
  body_fat_last: number | null;
  body_fat_previous: number | null;
  waist_last: number | null;
  waist_previous: number | null;
  /** The client's account, parent and liveness, kept by triggers on users (migration 0022). */
  account_root_id: number;
  parent_user_id: number | null;
  live: Generated<boolean>;
}

export interface ClientConsentsTable {
  id: Generated<number>;
  client_id: number;
  purpose: string;
  text_version: string;
  text_sha256: string;
  lang: string;
  method: string;
  given_at: Timestamp;
  recorded_by: number;
  withdrawn_at: NullableTimestamp;
  withdrawn_by: number | null;
}

/** A client or network professional handed over to another professional of the account (decision 117). */
export interface HandoversTable {
  id: Generated<number>;
  user_id: number;
  from_user_id: number;
  to_user_id: number;
  actor_id: number;
  created_at: Timestamp;
}

/** Raised by triggers on every write a cached read route can show (migration 0023, decision 160). */
export interface AccountDataVersionsTable {
  account_root_id: number;
  version: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  account_id: number;
  seq: number;
  occurred_at: Timestamp;
  actor_id: number | null;
  actor_type: number | null;
  client_id: number;
  resource_type: string;
  resource_id: string | null;
  action: string;
  result: string;
  request_id: string | null;
  ip: string | null;
  prev_hash: string;
  hash: string;
}

/** Each account's chain end, written with its events (migration 0029, decision 204). */
export interface AuditChainHeadsTable {
  account_id: number;
  seq: number;
  hash: string;
  updated_at: Timestamp;
}

/** The signed checkpoint series over the chain heads (decision 204): append-only. */
export interface AuditCheckpointsTable {
  seq: number;
  created_at: Timestamp;
  /** `[[account_id, seq, hash], …]`: the heads changed since the checkpoint before, by account (written as JSON text). */
  heads: ColumnType<Array<[number, number, string]>, string, never>;
  prev_signature: string;
  signature: string;
}

/** What the newest checkpoint says of each account: the writer's cache, never trusted by the verifier. */
export interface AuditCheckpointHeadsTable {
  account_id: number;
  seq: number;
  hash: string;
}

/** A running server instance and its last heartbeat (decisions 222, 231): chat sockets and export builds name it. */
export interface ServerInstancesTable {
  id: string;
  seen_at: Timestamp;
}

/** One open chat socket of an instance, counted for the caps per user and per address (decision 222). */
export interface ChatSocketsTable {
  id: string;
  instance_id: string;
  user_id: number;
  address_key: string;
  opened_at: Timestamp;
}

/** A top-level professional's request for credits, granted or declined once by an operator (decision 229). */
export interface CreditRequestsTable {
  id: Generated<number>;
  requester_id: number;
  account_id: number;
  credits: number;
  /** The pack's price and currency when asked; null for a free number of credits. */
  price: number | null;
  currency: string | null;
  note: string | null;
  state: Generated<'requested' | 'granted' | 'declined'>;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
  created_at: Timestamp;
}

/** The operators' actions, one hash chain (decision 229). */
export interface OperatorEventsTable {
  seq: number;
  occurred_at: Timestamp;
  operator_id: number;
  action: string;
  account_id: number | null;
  request_id: number | null;
  credits: number | null;
  note: string | null;
  prev_hash: string;
  hash: string;
}

/** A client data export, built by a queued job on any instance (decision 224). */
export interface ExportJobsTable {
  id: string;
  owner_id: number;
  client_id: number;
  /** The starter as its request saw it: the build reads with that scope. */
  actor: Jsonb;
  status: 'building' | 'ready' | 'failed';
  done: Generated<number>;
  total: Generated<number>;
  size_bytes: number | null;
  sha256: string | null;
  file_name: string;
  storage_key: string | null;
  expires_at: NullableTimestamp;
  /** Set once the build is queued; unset on a row whose instance died right after accepting it. */
  queued_at: NullableTimestamp;
  created_at: Timestamp;
  /** The instance running the build (decision 231): only it writes progress and the ready mark. */
  claimed_by: string | null;
  claimed_at: NullableTimestamp;
}

/** A stored file of the PostgreSQL blob driver (decision 221); its bytes are the rows of `blob_chunks`. */
export interface BlobsTable {
  storage_key: string;
  state: 'staged' | 'permanent';
  size_bytes: Generated<number>;
  /** When the blob reached its state: the start-up sweep spares what is younger than an upload may take. */
  stored_at: Generated<Date>;
}

/** One 1 MiB piece of a blob, in order of `seq`. */
export interface BlobChunksTable {
  storage_key: string;
  seq: number;
  bytes: Uint8Array;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_throttle: LoginThrottleTable;
  login_failures: LoginFailuresTable;
  rate_limit_counters: RateLimitCountersTable;
  countries: CountriesTable;
  companies: CompaniesTable;
  email_log: EmailLogTable;
  handovers: HandoversTable;
  states: StatesTable;
  cities: CitiesTable;
  attachments: AttachmentsTable;
  avatars: AvatarsTable;
  credit_ledger: CreditLedgerTable;
  evaluations: EvaluationsTable;
  evaluation_versions: EvaluationVersionsTable;
  evaluation_emails: EvaluationEmailsTable;
  account_tokens: AccountTokensTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  known_devices: KnownDevicesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_versions: ChatVersionsTable;
  server_instances: ServerInstancesTable;
  chat_sockets: ChatSocketsTable;
  client_evaluation_summaries: ClientEvaluationSummariesTable;
  client_consents: ClientConsentsTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_checkpoints: AuditCheckpointsTable;
  audit_checkpoint_heads: AuditCheckpointHeadsTable;
  account_data_versions: AccountDataVersionsTable;
  blobs: BlobsTable;
  blob_chunks: BlobChunksTable;
  export_jobs: ExportJobsTable;
  credit_requests: CreditRequestsTable;
  operator_events: OperatorEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type PasswordReset = Selectable<PasswordResetsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewAttachment = Insertable<AttachmentsTable>;

// ---- the column map checked against information_schema -------------------------------------

type PgTypeFor<T> = [NonNullable<T>] extends [number]
  ? 'integer' | 'smallint' | 'bigint' | 'double precision'
  : [NonNullable<T>] extends [Date]
    ? 'timestamp with time zone'
    : [NonNullable<T>] extends [boolean]
      ? 'boolean'
      : [NonNullable<T>] extends [string]
        ? 'text' | 'date' | 'uuid'
        : [NonNullable<T>] extends [JsonObject | unknown[]]
          ? 'jsonb'
          : [NonNullable<T>] extends [Uint8Array]
            ? 'bytea'
            : never;

type ColumnSpec<T> = { type: PgTypeFor<T>; nullable: null extends T ? true : false };
type ColumnMap = {
  [Table in keyof Database]: {
    [Col in keyof Selectable<Database[Table]>]-?: ColumnSpec<Selectable<Database[Table]>[Col]>;
  };
};

type PgType =
  | 'integer'
  | 'smallint'
  | 'bigint'
  | 'double precision'
  | 'timestamp with time zone'
  | 'boolean'
  | 'text'
  | 'date'
  | 'uuid'
  | 'jsonb'
  | 'bytea';
const col = <T extends PgType, N extends boolean>(type: T, nullable: N) => ({ type, nullable });
const int = col('integer', false);
const intNull = col('integer', true);
const small = col('smallint', false);
const text = col('text', false);
const textNull = col('text', true);
const ts = col('timestamp with time zone', false);
const tsNull = col('timestamp with time zone', true);
const uuid = col('uuid', false);
const floatNull = col('double precision', true);

export const databaseColumns = {
  users: {
    id: int,
    type: small,
    email: text,
    password_hash: textNull,
    cambia_pass: small,
    nombre: text,
    apellido: text,
    telefono: textNull,
    nacimiento: col('date', true),
    sexo: textNull,
    img_url: textNull,
    direccion: textNull,
    pais_id: intNull,
    region_id: intNull,
    comuna_id: intNull,
    rut: textNull,
    creditos: int,
    lang: text,
    units: text,
    parent_user_id: intNull,
    account_level: text,
    especialidad: textNull,
    trabajo: textNull,
    empresa: textNull,
    company_id: intNull,
    registration_variant: textNull,
    terms_accepted_at: tsNull,
    password_expires_at: tsNull,
    email_verified_at: tsNull,
    created_at: ts,
    updated_at: ts,
    deleted_at: tsNull,
    follow_up_weeks: small,
    dashboard_cards: col('jsonb', true),
    account_root_id: int,
    network_requires_second_factor: col('boolean', false),
    operator: col('boolean', false),
    suspended_at: tsNull,
  },
  sessions: {
    id: uuid,
    token_hash: text,
    user_id: int,
    created_at: ts,
    last_seen_at: ts,
    idle_expires_at: ts,
    absolute_expires_at: ts,
    revoked_at: tsNull,
    ip: textNull,
    user_agent: textNull,
    second_factor: textNull,
  },
  password_resets: { id: uuid, token_hash: text, user_id: int, created_at: ts, expires_at: ts, used_at: tsNull },
  login_throttle: { account_key: text, lockout_notified_at: tsNull },
  login_failures: { account_key: text, failed_at: ts },
  rate_limit_counters: { scope: text, key: text, window_start: ts, hits: int },
  countries: { id: int, name: text, phonecode: text, iso2: text },
  companies: {
    id: int,
    name: text,
    created_at: ts,
    owner_id: intNull,
    tax_id: textNull,
    partner_variant: textNull,
    archived_at: tsNull,
  },
  email_log: { id: uuid, user_id: intNull, template: text, recipient: text, created_at: ts },
  handovers: { id: int, user_id: int, from_user_id: int, to_user_id: int, actor_id: int, created_at: ts },
  states: { id: int, country_id: int, name: text, iso_code: text },
  cities: { id: int, state_id: int, name: text },
  attachments: {
    id: int,
    user_id: int,
    uploader_id: int,
    title: text,
    description: text,
    original_name: text,
    storage_key: uuid,
    mime_type: text,
    size_bytes: int,
    sha256: text,
    created_at: ts,
  },
  avatars: {
    user_id: int,
    storage_key: uuid,
    size_bytes: int,
    sha256: text,
    created_at: ts,
  },
  credit_ledger: {
    id: int,
    actor_id: intNull,
    from_user_id: intNull,
    to_user_id: intNull,
    amount: int,
    created_at: ts,
    evaluation_id: intNull,
    note: textNull,
  },
  evaluations: {
    id: int,
    client_id: int,
    evaluator_id: int,
    evaluation_type: small,
    current_version: int,
    evaluated_on: col('date', false),
    created_at: ts,
    updated_at: ts,
    deleted_at: tsNull,
    deleted_by: intNull,
    bmi: floatNull,
    bmi_category: textNull,
    body_fat_percent: floatNull,
    fat_category: textNull,
    waist_cm: floatNull,
    body_fat_series: textNull,
    account_root_id: int,
  },
  evaluation_versions: {
    evaluation_id: int,
    version: int,
    evaluation_type: small,
    inputs: col('jsonb', false),
    results: col('jsonb', false),
    engine_version: text,
    created_by: int,
    created_at: ts,
    card_peso: floatNull,
    card_waist_cm: floatNull,
    card_bmi: floatNull,
    card_bmi_category: textNull,
    card_body_fat_percent: floatNull,
    card_fat_category: textNull,
    card_body_fat_equation: textNull,
    card_muscle_equation: textNull,
    card_muscle_mass_kg: floatNull,
    card_vo2max: floatNull,
    card_lean_mass_kg: floatNull,
    card_sum6_mm: floatNull,
    card_sum8_mm: floatNull,
    card_endomorphy: floatNull,
    card_mesomorphy: floatNull,
    card_ectomorphy: floatNull,
  },
  evaluation_emails: {
    id: int,
    evaluation_id: int,
    version: int,
    sent_by: int,
    recipient: text,
    lang: text,
    created_at: ts,
  },
  account_tokens: {
    id: int,
    purpose: text,
    user_id: int,
    token_hash: text,
    new_email: textNull,
    requested_by: intNull,
    created_at: ts,
    expires_at: ts,
    used_at: tsNull,
  },
  known_devices: { token_hash: text, user_id: int, created_at: ts, last_seen_at: ts },
  passkeys: {
    id: int,
    user_id: int,
    credential_id: text,
    public_key: col('bytea', false),
    sign_count: col('bigint', false),
    transports: text,
    user_handle: text,
    device_type: text,
    backed_up: col('boolean', false),
    name: text,
    created_at: ts,
    last_used_at: tsNull,
  },
  webauthn_challenges: {
    challenge_hash: text,
    purpose: text,
    user_id: intNull,
    ticket_hash: textNull,
    user_handle: textNull,
    expires_at: ts,
  },
  totp_factors: {
    user_id: int,
    sealed_secret: text,
    created_at: ts,
    confirmed_at: tsNull,
    last_used_step: col('bigint', true),
  },
  recovery_codes: { id: int, user_id: int, code_hash: text, created_at: ts, used_at: tsNull },
  server_instances: { id: uuid, seen_at: ts },
  chat_sockets: { id: uuid, instance_id: uuid, user_id: int, address_key: text, opened_at: ts },
  chat_rooms: {
    id: uuid,
    user_low: int,
    user_high: int,
    created_at: ts,
    last_message_id: intNull,
    last_message_at: tsNull,
  },
  chat_members: { room_id: uuid, user_id: int, unseen: int },
  chat_messages: { id: int, room_id: uuid, user_id: int, message: text, client_id: textNull, created_at: ts },
  chat_versions: { user_id: int, version: col('bigint', false) },
  client_evaluation_summaries: {
    client_id: int,
    evaluations: int,
    last_evaluation_id: intNull,
    last_evaluated_on: col('date', true),
    previous_evaluated_on: col('date', true),
    body_fat_last: floatNull,
    body_fat_previous: floatNull,
    waist_last: floatNull,
    waist_previous: floatNull,
    account_root_id: int,
    parent_user_id: intNull,
    live: col('boolean', false),
  },
  client_consents: {
    id: int,
    client_id: int,
    purpose: text,
    text_version: text,
    text_sha256: text,
    lang: text,
    method: text,
    given_at: ts,
    recorded_by: int,
    withdrawn_at: tsNull,
    withdrawn_by: intNull,
  },
  audit_events: {
    id: int,
    account_id: int,
    seq: int,
    occurred_at: ts,
    actor_id: intNull,
    actor_type: col('smallint', true),
    client_id: int,
    resource_type: text,
    resource_id: textNull,
    action: text,
    result: text,
    request_id: textNull,
    ip: textNull,
    prev_hash: text,
    hash: text,
  },
  audit_chain_heads: { account_id: int, seq: int, hash: text, updated_at: ts },
  audit_checkpoints: { seq: int, created_at: ts, heads: col('jsonb', false), prev_signature: text, signature: text },
  audit_checkpoint_heads: { account_id: int, seq: int, hash: text },
  account_data_versions: { account_root_id: int, version: col('bigint', false) },
  blobs: { storage_key: uuid, state: text, size_bytes: int, stored_at: ts },
  blob_chunks: { storage_key: uuid, seq: int, bytes: col('bytea', false) },
  export_jobs: {
    id: uuid,
    owner_id: int,
    client_id: int,
    actor: col('jsonb', false),
    status: text,
    done: int,
    total: int,
    size_bytes: intNull,
    sha256: textNull,
    file_name: text,
    storage_key: col('uuid', true),
    expires_at: tsNull,
    queued_at: tsNull,
    created_at: ts,
    claimed_by: col('uuid', true),
    claimed_at: tsNull,
  },
  credit_requests: {
    id: int,
    requester_id: int,
    account_id: int,
    credits: int,
    price: floatNull,
    currency: textNull,
    note: textNull,
    state: text,
    decided_by: intNull,
    decided_at: tsNull,
    decision_note: textNull,
    created_at: ts,
  },
  operator_events: {
    seq: int,
    occurred_at: ts,
    operator_id: int,
    action: text,
    account_id: intNull,
    request_id: intNull,
    credits: intNull,
    note: textNull,
    prev_hash: text,
    hash: text,
  },
} satisfies ColumnMap;
