import { type Engine, engineDescriptors } from '@querent/contracts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';
import type { Details } from '../../secrets/connection-secrets.ts';

/**
 * In hosted mode a connection that opens a file on Querent's own host (a SQLite path, a local
 * DuckDB file) could read any file the server can: only those the policy lets `open_host_files`
 * (administrators) may. Members bring their data by upload instead.
 */
export function refuseHostFilesUnlessAllowed(
  deps: { hostFilesGuarded: boolean },
  actor: Actor,
  engine: Engine,
  details: Details,
  /** The stored details of a database being changed: a path it already had is not a new one. */
  stored?: Details,
): void {
  if (!deps.hostFilesGuarded) return;
  for (const field of engineDescriptors[engine].fields) {
    const value = details[field.name];
    if (!field.localPath || typeof value !== 'string' || value.trim() === '') continue;
    if (stored !== undefined && stored[field.name] === value) continue;
    authorizeKind(
      actor,
      'open_host_files',
      kindSubject('database'),
      `Only administrators can connect files on the server (${field.label}); upload the file instead`,
      `details.${field.name}`,
    );
  }
}
