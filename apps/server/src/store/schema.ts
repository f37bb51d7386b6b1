import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Table types as the driver hands them to us after the store's normalisation (see connect.ts):
 * - timestamps are ISO-8601 strings on both dialects;
 * - JSON columns travel as JSON text on both dialects (write with toJson, read with parseJson);
 * - booleans are written as booleans but SQLite reads them back as 0/1 (read with readBool).
 */

/** ISO-8601 text; the database fills it when omitted on insert. */
export type Timestamp = ColumnType<string, string | undefined, string>;
export type NullableTimestamp = ColumnType<string | null, string | null | undefined, string | null>;
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type JsonText = ColumnType<string, string, string>;
export type NullableJsonText = ColumnType<string | null, string | null | undefined, string | null>;

export type UserRole = 'admin' | 'member' | 'anonymous';
export type StoredConversationStatus = 'running' | 'clear' | 'to_stop' | 'error';
export type FavoriteItemType = 'query' | 'chart';

export interface OrganizationsTable {
  id: string;
  name: string;
  /** How the sign-in service's organisation claim names it (migration 0008); null for others. */
  external_key: string | null;
  created_at: Timestamp;
  /** When an administrator deleted it (migration 0018); the row stays for the ledger that names it. */
  deleted_at: NullableTimestamp;
}

export interface UsersTable {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture_url: string | null;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  organization_id: string | null;
  oidc_subject: string | null;
  /** The issuer of oidc_subject (migration 0008). */
  oidc_issuer: string | null;
  /** Set when the user may no longer sign in (migration 0008). */
  deactivated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** An organisation API key's identity rather than a person (migration 0020). */
  service_account: Bool;
}

/** A signed-in browser (rebuilt by migration 0008). */
export interface SessionsTable {
  /** SHA-256 of the session token, so a leaked table does not leak live sessions. */
  id: string;
  user_id: string;
  /** The provider's ID token, named at its logout (id_token_hint). */
  id_token: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Pushed back as the session is used; past it an unused session is over. */
  idle_expires_at: string;
  /** The absolute end, however active the session is. */
  expires_at: string;
  revoked_at: NullableTimestamp;
}

/** A sign-in under way at the provider (migration 0008), used once by its callback. */
export interface SignInAttemptsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  /** The app path to open once signed in. */
  return_to: string | null;
  created_at: Timestamp;
  expires_at: string;
}

export interface DatabasesTable {
  id: string;
  name: string;
  engine: string;
  details: JsonText;
  safe_mode: Bool;
  public: Bool;
  dbt_catalog: NullableJsonText;
  dbt_manifest: NullableJsonText;
  statement_timeout_ms: number | null;
  /** What dbt_manifest and dbt_catalog document (migration 0002), so lists need not parse them. */
  dbt_summary: NullableJsonText;
  owner_id: string;
  organization_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Shared with the owner's organisation (migration 0010). */
  shared: Bool;
  /** What the login may do beyond reading, as last measured (migration 0016); null when nothing or never. */
  credential_warning: NullableJsonText;
}

export interface ProjectsTable {
  id: string;
  name: string;
  description: string | null;
  database_id: string;
  owner_id: string;
  organization_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectTablesTable {
  id: string;
  project_id: string;
  /** Empty for engines without schemas, so the unique key never compares NULLs. */
  schema_name: string;
  table_name: string;
}

export interface ConversationsTable {
  id: string;
  name: string | null;
  owner_id: string;
  organization_id: string | null;
  database_id: string;
  project_id: string | null;
  context_id: string;
  status: ColumnType<
    StoredConversationStatus,
    StoredConversationStatus | undefined,
    StoredConversationStatus
  >;
  error: string | null;
  /** Until when the instance answering holds the turn (migration 0004); null when none runs. */
  turn_expires_at: NullableTimestamp;
  /** The instance answering the running turn (migration 0012); null when none runs. */
  turn_instance: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Shared with the owner's organisation (migration 0010). */
  shared: Bool;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  role: string;
  content: string | null;
  function_call: NullableJsonText;
  query_id: string | null;
  chart_id: string | null;
  seq: number;
  created_at: Timestamp;
  /** JSON: what the turn answering this question cost (migration 0013); null when not metered. */
  usage: NullableJsonText;
}

export interface QueriesTable {
  id: string;
  title: string | null;
  sql: string;
  database_id: string;
  owner_id: string;
  conversation_id: string | null;
  is_saved: Bool;
  rows: NullableJsonText;
  columns: NullableJsonText;
  count: number | null;
  truncated: Bool;
  duration_ms: number | null;
  error: string | null;
  ran_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Shared with the owner's organisation (migration 0010). */
  shared: Bool;
  /** The question a saved query answers, in words (migration 0014). */
  question: ColumnType<string | null, string | null | undefined, string | null>;
  /** Checked by a person: the analyst takes it as a worked example (migration 0014). */
  verified: Bool;
}

export interface ChartsTable {
  id: string;
  query_id: string;
  title: string;
  config: JsonText;
  owner_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Shared with the owner's organisation (migration 0010). */
  shared: Bool;
}

/** A user's star on a query or a chart: exactly one of the two is set (migration 0007). */
export interface FavoritesTable {
  id: string;
  user_id: string;
  query_id: string | null;
  chart_id: string | null;
  created_at: Timestamp;
}

export interface BusinessEntitiesTable {
  id: string;
  database_id: string;
  name: string;
  definition: string | null;
  table_ref: string | null;
  review_date: NullableTimestamp;
  review_conversation_id: string | null;
  completeness: number | null;
  quality_score: number | null;
  /** Who made it: the scan, the analyst or a person (migration 0009). */
  origin: ColumnType<string, string | undefined, string>;
  /** The table it is about, as the schema names it; '' schema for engines without one. */
  table_schema: string | null;
  table_name: string | null;
  /** JSON array of the columns that identify one of it. */
  key_columns: NullableJsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A data-quality check of a business entity (migration 0009). */
export interface QualityChecksTable {
  id: string;
  database_id: string;
  business_entity_id: string;
  title: string;
  kind: string;
  /** '' for engines without schemas. */
  schema_name: ColumnType<string, string | undefined, string>;
  table_name: string;
  /** JSON of the check's definition: kind, columns, params. */
  definition: JsonText;
  dimension: string;
  severity: string;
  warn_percent: number;
  fail_percent: number;
  origin: string;
  state: string;
  fingerprint: string;
  muted_reason: string | null;
  muted_by: string | null;
  muted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One run of one check (migration 0009); scores are computed from these. */
export interface CheckRunsTable {
  id: string;
  check_id: string;
  database_id: string;
  /** Runs made together (one scan, one schedule tick) share it. */
  batch_id: string;
  status: string;
  failing_count: number | null;
  total_count: number | null;
  failing_percent: number | null;
  observed: string;
  /** JSON of the raw observation (row count, latest timestamp…), for anomalies and recomputation. */
  observed_value: NullableJsonText;
  message: string | null;
  sql: string | null;
  /** JSON: the sample statement and a few failing rows. */
  sample: NullableJsonText;
  trigger: string;
  ran_at: string;
  duration_ms: number | null;
}

/** A computed score of a business entity with its breakdown (migration 0009). */
export interface QualityScoresTable {
  id: string;
  business_entity_id: string;
  quality_score: number | null;
  completeness: number | null;
  version: string;
  breakdown: JsonText;
  computed_at: string;
}

/** How often a database's checks run, and the lease of the instance running them (migration 0009). */
export interface QualitySchedulesTable {
  database_id: string;
  /** Minutes between runs; 0 off; null the server's default. */
  every_minutes: number | null;
  last_run_at: NullableTimestamp;
  last_outcome: string | null;
  lease_expires_at: NullableTimestamp;
  lease_owner: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IssuesTable {
  id: string;
  database_id: string;
  business_entity_id: string | null;
  title: string;
  description: string | null;
  severity: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  query_id: string | null;
  /** The check that opened it, if one did (migration 0009). */
  check_id: string | null;
  origin: ColumnType<string, string | undefined, string>;
  occurrences: ColumnType<number, number | undefined, number>;
  last_seen_at: NullableTimestamp;
  observed: string | null;
  /** JSON: the failing rows' statement and a few of them. */
  evidence: NullableJsonText;
  dismissed_reason: string | null;
  dismissed_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MemoriesTable {
  id: string;
  database_id: string;
  content: string;
  /** 'pending' (saved by the analyst, waiting for a person) or 'approved'; the store's default is approved. */
  status: ColumnType<string, string | undefined, string>;
  /** 'model' or 'person'; the store's default is model. */
  source: ColumnType<string, string | undefined, string>;
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CreditEntryKind = 'grant' | 'allowance' | 'purchase' | 'spend' | 'refund' | 'expiry';

export interface CreditLedgerTable {
  id: string;
  /** Whose balance, or with organization_id set, the member whose use or grant it was. */
  user_id: string;
  /** Positive for a grant, negative for a spend; the balance is the sum. */
  amount: number;
  reason: string;
  created_at: Timestamp;
  /** The rest arrived with migration 0013. */
  kind: ColumnType<CreditEntryKind, CreditEntryKind | undefined, CreditEntryKind>;
  /** Set when the entry belongs to the organisation's pool rather than the user's own balance. */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who made the entry (an administrator granting); null when Querent did. */
  actor_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What it was for: a turn, an SQL run, a payment event. */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** The same key never counts twice. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Credits set aside for a turn or run under way (migration 0013). */
export interface CreditHoldsTable {
  id: string;
  user_id: string;
  organization_id: string | null;
  amount: number;
  subject: string;
  /** A hold left by a crashed instance stops counting after this. */
  expires_at: string;
  created_at: Timestamp;
}

/** One row per balance, updated to serialise its check-then-hold (migration 0013). */
export interface CreditAccountsTable {
  account: string;
  version: ColumnType<number, number | undefined, number>;
}

/** The most a member may draw from the organisation's pool in a calendar month (migration 0013). */
export interface CreditMemberCapsTable {
  organization_id: string;
  user_id: string;
  monthly_cap: number;
}

/** Which instance runs a periodic job shared by all of them, until when (migration 0011). */
export interface JobLeasesTable {
  name: string;
  owner: string;
  expires_at: string;
}

/** SQL a turn runs on a user's database, by the database's id of its session (migration 0016). */
export interface TurnStatementsTable {
  id: string;
  conversation_id: string;
  database_id: string;
  /** The engine's id of the session running it (MySQL: CONNECTION_ID()). */
  server_session: string;
  started_at: string;
}

export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

/** The plan a balance is on (migration 0013); its allowance is granted when renews_at comes. */
export interface CreditSubscriptionsTable {
  account: string;
  user_id: string;
  organization_id: string | null;
  plan_id: string;
  /** When the next allowance is due; for a Stripe subscription, the end of the period paid for. */
  renews_at: string;
  created_at: Timestamp;
  /** The rest arrived with migration 0017: Stripe's status, or `ended` once the last allowance expired. */
  status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  /** Set when the plan was bought through Stripe: Stripe's events then grant its allowances. */
  stripe_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_at_period_end: Bool;
  /** The `created` time of the newest Stripe subscription event applied. */
  stripe_event_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Stripe's subscription statuses, and `ended`: canceled and its last allowance written off. */
export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'incomplete'
  | 'incomplete_expired'
  | 'canceled'
  | 'ended';

/** A database's semantic model and its pending proposal (migration 0019). */
export interface SemanticModelsTable {
  database_id: string;
  /** JSON of the saved model; null until a person saves one. */
  model: NullableJsonText;
  /** 0 before the first save. */
  version: ColumnType<number, number | undefined, number>;
  updated_at: NullableTimestamp;
  updated_by: string | null;
  /** JSON of the pending proposal; null when there is none. */
  proposal: NullableJsonText;
  /** Who asked for it: 'person', 'scan' or 'import' (not constrained: a later source needs no migration). */
  proposal_source: string | null;
  proposed_at: NullableTimestamp;
  proposed_by: string | null;
}

/** One saved version of a database's semantic model (migration 0019). */
export interface SemanticModelHistoryTable {
  id: string;
  database_id: string;
  version: number;
  model: JsonText;
  summary: string;
  changed_at: Timestamp;
  changed_by: string | null;
}

/** An API key (migration 0020): only a hash of its secret is kept. */
export interface ApiKeysTable {
  id: string;
  /** SHA-256 (hex) of the secret; how a request finds its key. */
  token_hash: string;
  /** The secret's first characters, to tell keys apart. */
  prefix: string;
  name: string;
  /** JSON list of scopes. */
  scopes: JsonText;
  /** Who the key acts as: its maker, or an organisation key's service account. */
  user_id: string;
  /** Set for an organisation key. */
  organization_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One record of the OAuth authorization server (migration 0021): a client, code, token, grant… */
export interface OauthRecordsTable {
  /** oidc-provider's kind of record: Client, AccessToken, RefreshToken, Grant, Interaction… */
  model: string;
  id: string;
  /** JSON of the record as the library keeps it. */
  payload: JsonText;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

/** A dashboard (migration 0022). */
export interface DashboardsTable {
  id: string;
  name: string;
  description: string | null;
  owner_id: string;
  /** Shared with the owner's organisation. */
  shared: Bool;
  /** Seen by everyone, anonymous visitors included. */
  public: Bool;
  /** 1 at creation; every change of name, description, layout or tiles adds one. */
  version: ColumnType<number, number | undefined, number>;
  /** JSON list of the dashboard's filters and the tiles each drives (migration 0023); null: none. */
  filters: NullableJsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A public link of a dashboard (migration 0024): only the hash of its token is kept. */
export interface DashboardLinksTable {
  id: string;
  dashboard_id: string;
  token_hash: string;
  /** The tiles run as this person, read-only. */
  created_by: string;
  expires_at: string | null;
  created_at: Timestamp;
}

export type DashboardTileKind = 'query' | 'metric' | 'text';

/** A tile of a dashboard (migration 0022): one of a saved query, a metric query or Markdown. */
export interface DashboardTilesTable {
  id: string;
  dashboard_id: string;
  kind: DashboardTileKind;
  title: string | null;
  /** The saved query of a `query` tile; null once it was deleted. */
  query_id: string | null;
  /** The database of a `metric` tile; null once it was removed. */
  database_id: string | null;
  /** JSON of a `metric` tile's metric query. */
  metric_query: NullableJsonText;
  /** A `text` tile's Markdown. */
  text: string | null;
  /** JSON of the chart config a query or metric tile is drawn with; null draws the table. */
  chart: NullableJsonText;
  x: number;
  y: number;
  w: number;
  h: number;
  created_at: Timestamp;
}

export interface StoreSchema {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  oauth_records: OauthRecordsTable;
  job_leases: JobLeasesTable;
  turn_statements: TurnStatementsTable;
  sign_in_attempts: SignInAttemptsTable;
  databases: DatabasesTable;
  projects: ProjectsTable;
  project_tables: ProjectTablesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  queries: QueriesTable;
  charts: ChartsTable;
  favorites: FavoritesTable;
  business_entities: BusinessEntitiesTable;
  issues: IssuesTable;
  quality_checks: QualityChecksTable;
  check_runs: CheckRunsTable;
  quality_scores: QualityScoresTable;
  quality_schedules: QualitySchedulesTable;
  memories: MemoriesTable;
  semantic_models: SemanticModelsTable;
  semantic_model_history: SemanticModelHistoryTable;
  dashboards: DashboardsTable;
  dashboard_links: DashboardLinksTable;
  dashboard_tiles: DashboardTilesTable;
  credit_ledger: CreditLedgerTable;
  credit_holds: CreditHoldsTable;
  credit_accounts: CreditAccountsTable;
  credit_member_caps: CreditMemberCapsTable;
  credit_subscriptions: CreditSubscriptionsTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
