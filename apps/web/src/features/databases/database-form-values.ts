import {
  blankDetails,
  type CreateDatabaseBody,
  type Database,
  type Engine,
  engineDescriptors,
  MAX_STATEMENT_TIMEOUT_MS,
  MIN_STATEMENT_TIMEOUT_MS,
  type TestConnectionBody,
  type UpdateDatabaseBody,
} from '@querent/contracts';

/** What happens to a stored dbt file on save: kept as is, replaced by a parsed upload, or removed. */
export type DbtChange =
  | { kind: 'keep' }
  | { kind: 'replace'; fileName: string; content: unknown }
  | { kind: 'remove' };

export type DbtField = 'dbt_manifest' | 'dbt_catalog';

/** The form as the user edits it: every input as its text, so nothing is lost while typing. */
export interface DatabaseFormValues {
  name: string;
  details: Record<string, string>;
  safeMode: boolean;
  isPublic: boolean;
  /** Seconds as typed; empty means the server's default. */
  statementTimeoutSeconds: string;
  dbt: Record<DbtField, DbtChange>;
}

function asText(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

export function newDatabaseValues(engine: Engine): DatabaseFormValues {
  const blank = blankDetails(engine);
  const details = Object.fromEntries(
    engineDescriptors[engine].fields.map(({ name }) => [name, asText(blank[name])]),
  );
  return {
    name: '',
    details,
    safeMode: false,
    isPublic: false,
    statementTimeoutSeconds: '',
    dbt: { dbt_manifest: { kind: 'keep' }, dbt_catalog: { kind: 'keep' } },
  };
}

/** An existing database in the form; masked secrets stay masked so saving keeps them. */
export function valuesFromDatabase(database: Database): DatabaseFormValues {
  const details = Object.fromEntries(
    engineDescriptors[database.engine].fields.map(({ name }) => [name, asText(database.details[name])]),
  );
  return {
    name: database.name,
    details,
    safeMode: database.safe_mode,
    isPublic: database.public,
    statementTimeoutSeconds:
      database.statement_timeout_ms === null ? '' : String(database.statement_timeout_ms / 1000),
    dbt: { dbt_manifest: { kind: 'keep' }, dbt_catalog: { kind: 'keep' } },
  };
}

/**
 * Details as the API takes them. Secrets go as typed (the mask included, which keeps the stored
 * one); an empty optional field is null; a port is a number when it reads as one, else the text so
 * the server can name the mistake.
 */
export function detailsPayload(engine: Engine, details: Record<string, string>) {
  const payload: Record<string, string | number | null> = {};
  for (const { name, input, secret } of engineDescriptors[engine].fields) {
    const raw = details[name] ?? '';
    if (secret) payload[name] = raw === '' ? null : raw;
    else if (raw.trim() === '') payload[name] = null;
    else if (input === 'port' && Number.isFinite(Number(raw.trim()))) payload[name] = Number(raw.trim());
    else payload[name] = raw.trim();
  }
  return payload;
}

export type TimeoutReading = { ok: true; ms: number | null } | { ok: false; message: string };

/** Seconds typed by the user to the milliseconds the API stores; empty means the default. */
export function readStatementTimeout(seconds: string): TimeoutReading {
  const text = seconds.trim();
  if (text === '') return { ok: true, ms: null };
  const ms = Math.round(Number(text) * 1000);
  if (!Number.isFinite(ms) || ms < MIN_STATEMENT_TIMEOUT_MS || ms > MAX_STATEMENT_TIMEOUT_MS) {
    return {
      ok: false,
      message: `Enter a number of seconds from ${MIN_STATEMENT_TIMEOUT_MS / 1000} to ${MAX_STATEMENT_TIMEOUT_MS / 1000}, or leave it empty for the default.`,
    };
  }
  return { ok: true, ms };
}

/** A dbt field of the body: absent keeps the stored file, null removes it, an object replaces it. */
function dbtPayload(values: DatabaseFormValues): Pick<CreateDatabaseBody, DbtField> {
  const body: Pick<CreateDatabaseBody, DbtField> = {};
  for (const field of ['dbt_manifest', 'dbt_catalog'] as const) {
    const change = values.dbt[field];
    if (change.kind === 'replace') body[field] = change.content;
    else if (change.kind === 'remove') body[field] = null;
  }
  return body;
}

export interface BodyOptions {
  /** Only administrators may make a database public; others do not send the flag at all. */
  canSetPublic: boolean;
  statementTimeoutMs: number | null;
  /** An administrator's yes to a login that can do more than read (hosted mode, shared databases). */
  confirmPowerfulCredentials?: boolean;
}

export function createBody(
  engine: Engine,
  values: DatabaseFormValues,
  options: BodyOptions,
): CreateDatabaseBody {
  return {
    name: values.name.trim(),
    engine,
    details: detailsPayload(engine, values.details),
    safe_mode: values.safeMode,
    ...(options.canSetPublic ? { public: values.isPublic } : {}),
    statement_timeout_ms: options.statementTimeoutMs,
    ...(options.confirmPowerfulCredentials ? { confirm_powerful_credentials: true } : {}),
    ...dbtPayload(values),
  };
}

/** The engine is fixed once connected, so an update never sends it. */
export function updateBody(
  engine: Engine,
  values: DatabaseFormValues,
  options: BodyOptions,
): UpdateDatabaseBody {
  const { engine: _fixed, ...body } = createBody(engine, values, options);
  return body;
}

export function testBody(
  engine: Engine,
  values: DatabaseFormValues,
  databaseId?: string,
): TestConnectionBody {
  return {
    engine,
    details: detailsPayload(engine, values.details),
    safe_mode: values.safeMode,
    ...(databaseId === undefined ? {} : { databaseId }),
  };
}
