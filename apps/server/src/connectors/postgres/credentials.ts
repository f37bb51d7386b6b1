import type { CredentialFindings } from '../connector.ts';

/**
 * One row saying what the signed-in role may do beyond reading. The predefined file roles exist
 * from PostgreSQL 11 on; a superuser is a member of every role, so those only count for others.
 */
export const postgresCredentialSql = `
SELECT r.rolsuper AS superuser,
       pg_has_role(current_user, 'pg_read_server_files', 'MEMBER') AS read_files,
       pg_has_role(current_user, 'pg_write_server_files', 'MEMBER') AS write_files,
       pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER') AS run_programs,
       has_database_privilege(current_database(), 'CREATE') AS create_schemas,
       (SELECT count(*) FROM pg_namespace n
         WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
           AND has_schema_privilege(n.oid, 'CREATE'))::int AS create_in_schemas,
       (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
           AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE'))::int AS writable_tables,
       current_user AS login, current_database() AS database
  FROM pg_roles r WHERE r.rolname = current_user`;

export interface PostgresCredentialRow {
  superuser: boolean;
  read_files: boolean;
  write_files: boolean;
  run_programs: boolean;
  create_schemas: boolean;
  create_in_schemas: number;
  writable_tables: number;
  login: string;
  database: string;
}

export function postgresFindings(row: PostgresCredentialRow, safeMode: boolean): CredentialFindings | null {
  const found: string[] = [];
  if (row.superuser) {
    found.push(
      `${row.login} is a superuser: it can read and write any file of the database server and run programs there`,
    );
  } else {
    if (row.read_files)
      found.push(
        `${row.login} is a member of pg_read_server_files: it can read any file of the database server`,
      );
    if (row.write_files)
      found.push(
        `${row.login} is a member of pg_write_server_files: it can write files on the database server`,
      );
    if (row.run_programs)
      found.push(
        `${row.login} is a member of pg_execute_server_program: it can run programs on the database server`,
      );
    if (safeMode && row.writable_tables > 0) {
      found.push(
        `${row.login} may change the rows of ${row.writable_tables} table${row.writable_tables === 1 ? '' : 's'} (INSERT, UPDATE, DELETE or TRUNCATE)`,
      );
    }
    if (safeMode && (row.create_schemas || row.create_in_schemas > 0)) {
      found.push(`${row.login} may create schemas or tables (DDL) in ${row.database}`);
    }
  }
  if (found.length === 0) return null;
  const fix = [
    `Connect Querent with a role that may only read, for example (as an administrator of ${row.database}):`,
    "CREATE ROLE querent_reader LOGIN PASSWORD 'choose-a-password';",
    `GRANT CONNECT ON DATABASE "${row.database}" TO querent_reader;`,
    'GRANT USAGE ON SCHEMA public TO querent_reader;',
    'GRANT SELECT ON ALL TABLES IN SCHEMA public TO querent_reader;',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO querent_reader;',
    'Repeat the schema lines for every schema Querent should read.',
  ].join('\n');
  return { found, fix };
}
