import type { CredentialFindings } from '../connector.ts';

/** Privileges that change data or schema: more than reading needs under safe mode. */
const writePrivileges = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'CREATE',
  'DROP',
  'ALTER',
  'INDEX',
  'CREATE VIEW',
  'CREATE ROUTINE',
  'ALTER ROUTINE',
  'TRIGGER',
  'EVENT',
  'CREATE TEMPORARY TABLES',
  'LOCK TABLES',
  'REFERENCES',
  'DELETE HISTORY',
]);

/** Privileges that reach the server itself, whatever safe mode says. */
const serverPrivileges: Record<string, string> = {
  FILE: 'FILE: it can read and write files of the database server (LOAD_FILE, INTO OUTFILE)',
  SUPER: 'SUPER: it can change server settings and stop other sessions',
  'ALL PRIVILEGES': 'ALL PRIVILEGES on every database: FILE and SUPER among them',
};

/** What SHOW GRANTS answers for the signed-in user, turned into plain findings. */
export function mysqlFindings(
  grants: readonly string[],
  login: string,
  database: string,
  safeMode: boolean,
): CredentialFindings | null {
  const found: string[] = [];
  for (const grant of grants) {
    const match = /^GRANT (.+?) ON (.+?) TO /i.exec(grant);
    if (!match) continue;
    const privileges = (match[1] ?? '').split(',').map((part) => part.trim().toUpperCase());
    const scope = match[2] ?? '';
    const global = scope === '*.*';
    for (const privilege of privileges) {
      const serverPower = serverPrivileges[privilege];
      if (serverPower && (global || privilege !== 'ALL PRIVILEGES'))
        found.push(`${login} has ${serverPower}`);
    }
    const writes = privileges.filter(
      (privilege) => writePrivileges.has(privilege) || privilege === 'ALL PRIVILEGES',
    );
    if (safeMode && writes.length > 0)
      found.push(`${login} may change data or schema on ${scope}: ${writes.join(', ')}`);
  }
  if (found.length === 0) return null;
  const fix = [
    'Connect Querent with a user that may only read, for example (as an administrator):',
    "CREATE USER 'querent_reader'@'%' IDENTIFIED BY 'choose-a-password';",
    `GRANT SELECT, SHOW VIEW ON \`${database}\`.* TO 'querent_reader'@'%';`,
  ].join('\n');
  return { found: [...new Set(found)], fix };
}
