import type { CredentialWarning } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlScratch, postgresScratch, type ScratchDatabase } from '../../connectors/scratch-databases.ts';
import { chinookPostgres } from '../../fixtures/chinook.ts';
import { type ApiClient, apiClient } from '../../helpers/api-client.ts';
import { type RunningApp, startTestApp } from '../../helpers/test-app.ts';
import { hostedEnv, signInBrowser } from '../../oidc/app-browser.ts';
import { testClient } from '../../oidc/hosted-deps.ts';
import { startTestProvider, type TestProvider } from '../../oidc/test-provider.ts';

/*
 * Credentials more powerful than reading needs are named when a connection is tested or saved,
 * with the grants of a read-only login; in hosted mode a database others use needs an
 * administrator's explicit yes to them. Real PostgreSQL and MariaDB, real logins made here.
 */

let running: RunningApp;
let api: ApiClient;
const scratches: ScratchDatabase[] = [];
let pg: {
  superuser: Record<string, unknown>;
  reader: Record<string, unknown>;
  scratch: ScratchDatabase;
} | null = null;
let maria: { root: Record<string, unknown>; reader: Record<string, unknown> } | null = null;

const warningOf = async (engine: string, details: Record<string, unknown>, safeMode: boolean) => {
  const response = await api.post<{ ok: true; credential_warning: CredentialWarning | null }>(
    '/api/databases/test',
    { engine, details, safe_mode: safeMode },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.credential_warning;
};

beforeAll(async () => {
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  if (await chinookPostgres()) {
    const scratch = await postgresScratch();
    if (scratch?.leastPrivilege) {
      scratches.push(scratch);
      pg = { superuser: { ...scratch.details }, reader: { ...(await scratch.leastPrivilege()) }, scratch };
    }
  }
  const mariaScratch = await mysqlScratch();
  if (mariaScratch?.leastPrivilege) {
    scratches.push(mariaScratch);
    maria = { root: { ...mariaScratch.details }, reader: { ...(await mariaScratch.leastPrivilege()) } };
  }
});

afterAll(async () => {
  await running.stop();
  for (const scratch of scratches) await scratch.dispose();
});

describe('credential power on PostgreSQL', () => {
  it('names a superuser, with the grants of a read-only role as the fix', async (context) => {
    if (!pg) return context.skip();
    const warning = await warningOf('postgres', pg.superuser, false);
    expect(warning?.found.join('\n')).toMatch(
      /is a superuser: it can read and write any file of the database server/,
    );
    expect(warning?.fix).toContain('GRANT SELECT ON ALL TABLES IN SCHEMA public TO querent_reader;');
  });

  it('says nothing of a role that may only read, in or out of safe mode', async (context) => {
    if (!pg) return context.skip();
    expect(await warningOf('postgres', pg.reader, true)).toBeNull();
    expect(await warningOf('postgres', pg.reader, false)).toBeNull();
  });

  it('names server-file roles always, and writes only where safe mode makes them too much', async (context) => {
    if (!pg) return context.skip();
    const role = String(pg.reader.user);
    await pg.scratch.run?.(
      `GRANT pg_read_server_files TO ${role}; GRANT INSERT ON ${pg.scratch.names.t} TO ${role}`,
    );
    try {
      const outside = await warningOf('postgres', pg.reader, false);
      expect(outside?.found).toEqual([
        `${role} is a member of pg_read_server_files: it can read any file of the database server`,
      ]);
      const inSafeMode = await warningOf('postgres', pg.reader, true);
      expect(inSafeMode?.found).toContain(
        `${role} may change the rows of 1 table (INSERT, UPDATE, DELETE or TRUNCATE)`,
      );
    } finally {
      await pg.scratch.run?.(
        `REVOKE pg_read_server_files FROM ${role}; REVOKE INSERT ON ${pg.scratch.names.t} FROM ${role}`,
      );
    }
  });

  it('answers the warning when a database is saved, and again when safe mode changes', async (context) => {
    if (!pg) return context.skip();
    const created = await api.post<{ id: string; credential_warning: CredentialWarning | null }>(
      '/api/databases',
      {
        name: 'As superuser',
        engine: 'postgres',
        details: pg.superuser,
        safe_mode: true,
      },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.credential_warning?.found[0]).toMatch(/superuser/);
    const renamed = await api.put<{ credential_warning: CredentialWarning | null }>(
      `/api/databases/${created.body.id}`,
      { name: 'Renamed' },
    );
    // Not asked again (nothing it depends on changed): the stored finding is answered.
    expect(renamed.body.credential_warning).toEqual(created.body.credential_warning);
    const changed = await api.put<{ credential_warning: CredentialWarning | null }>(
      `/api/databases/${created.body.id}`,
      { safe_mode: false },
    );
    expect(changed.body.credential_warning?.found[0]).toMatch(/superuser/);
  });

  it('keeps the warning with the database: every read sends it, a test of the stored login refreshes it, a read-only login clears it', async (context) => {
    if (!pg) return context.skip();
    const role = String(pg.reader.user);
    const created = await api.post<{ id: string; credential_warning: CredentialWarning | null }>(
      '/api/databases',
      { name: 'As reader', engine: 'postgres', details: pg.reader, safe_mode: false },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.credential_warning).toBeNull();
    const id = created.body.id;
    const read = async () => {
      const one = await api.get<{ credential_warning: CredentialWarning | null }>(`/api/databases/${id}`);
      const all =
        await api.get<{ id: string; credential_warning: CredentialWarning | null }[]>('/api/databases');
      expect(all.body.find((database) => database.id === id)?.credential_warning).toEqual(
        one.body.credential_warning,
      );
      return one.body.credential_warning;
    };

    await pg.scratch.run?.(`GRANT pg_read_server_files TO ${role}`);
    try {
      // Granted on the server since the save: the page does not know until the login is tested.
      expect(await read()).toBeNull();
      const serverFiles = `${role} is a member of pg_read_server_files: it can read any file of the database server`;
      // A test of other details (safe mode on) says its finding and keeps nothing.
      const other = await api.post<{ credential_warning: CredentialWarning | null }>('/api/databases/test', {
        engine: 'postgres',
        details: { ...pg.reader, password: '********' },
        safe_mode: true,
        databaseId: id,
      });
      expect(other.body.credential_warning?.found).toContain(serverFiles);
      expect(await read()).toBeNull();
      // A test of the database as stored (the masked password is the stored one) keeps it.
      const stored = await api.post<{ credential_warning: CredentialWarning | null }>('/api/databases/test', {
        engine: 'postgres',
        details: { ...pg.reader, password: '********' },
        safe_mode: false,
        databaseId: id,
      });
      expect(stored.status, stored.text).toBe(200);
      expect(stored.body.credential_warning?.found).toEqual([serverFiles]);
      expect((await read())?.found).toEqual([serverFiles]);
    } finally {
      await pg.scratch.run?.(`REVOKE pg_read_server_files FROM ${role}`);
    }
    // Saved with the superuser: asked again and kept; saved back with the reader (now plain): cleared.
    await api.put(`/api/databases/${id}`, { details: pg.superuser });
    expect((await read())?.found[0]).toMatch(/superuser/);
    await api.put(`/api/databases/${id}`, { details: pg.reader });
    expect(await read()).toBeNull();
  });
});

describe('credential power on MariaDB', () => {
  it('names root’s FILE and SUPER, and a reader’s writes only in safe mode', async (context) => {
    if (!maria) return context.skip();
    const root = await warningOf('mysql', maria.root, false);
    expect(root?.found.join('\n')).toMatch(/ALL PRIVILEGES on every database: FILE and SUPER among them/);
    expect(root?.fix).toContain('GRANT SELECT, SHOW VIEW ON');
    expect(await warningOf('mysql', maria.reader, true)).toBeNull();
  });
});

describe('hosted mode: a shared database with a powerful login', () => {
  let provider: TestProvider;
  let hosted: RunningApp;
  beforeAll(async () => {
    provider = await startTestProvider({ clients: [testClient] });
    hosted = await startTestApp(hostedEnv(provider.issuer));
  });
  afterAll(async () => {
    await hosted.stop();
    await provider.stop();
  });

  it('is refused without an administrator’s confirmation, naming the field, and saved with it', async (context) => {
    if (!pg) return context.skip();
    // The first person to sign in administers; bob of the same organisation is a member.
    const admin = await signInBrowser(hosted.baseUrl, 'alice');
    const member = await signInBrowser(hosted.baseUrl, 'bob');
    const body = { name: 'Shared', engine: 'postgres', details: pg.superuser, safe_mode: true };

    const unconfirmed = await admin.request('/api/databases', { method: 'POST', body });
    expect(unconfirmed.status).toBe(400);
    const refusal = (await unconfirmed.json()) as { error: { field: string; message: string } };
    expect(refusal.error.field).toBe('confirm_powerful_credentials');
    expect(refusal.error.message).toMatch(/^This login can do more than read \(.*superuser/);

    const byMember = await member.request('/api/databases', {
      method: 'POST',
      body: { ...body, confirm_powerful_credentials: true },
    });
    expect(byMember.status).toBe(403);

    const confirmed = await admin.request('/api/databases', {
      method: 'POST',
      body: { ...body, confirm_powerful_credentials: true },
    });
    expect(confirmed.status).toBe(201);
    expect(
      ((await confirmed.json()) as { credential_warning: CredentialWarning }).credential_warning.found[0],
    ).toMatch(/superuser/);

    const readOnly = await member.request('/api/databases', {
      method: 'POST',
      body: { ...body, name: 'Read only', details: pg.reader },
    });
    expect(readOnly.status).toBe(201);

    // Changed to the powerful login later, the member's own shared database needs an
    // administrator of their organisation to confirm it, as a new one does.
    const id = ((await readOnly.json()) as { id: string }).id;
    const change = { details: pg.superuser, confirm_powerful_credentials: true };
    const memberChange = await member.request(`/api/databases/${id}`, { method: 'PUT', body: change });
    expect(memberChange.status).toBe(403);
    expect(((await memberChange.json()) as { error: { field: string } }).error.field).toBe(
      'confirm_powerful_credentials',
    );
    const adminChange = await admin.request(`/api/databases/${id}`, { method: 'PUT', body: change });
    expect(adminChange.status).toBe(200);
    const changed = (await adminChange.json()) as { credential_warning: CredentialWarning | null };
    expect(changed.credential_warning?.found[0]).toMatch(/superuser/);
  });
});
