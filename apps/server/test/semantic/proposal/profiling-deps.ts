import type { Engine } from '@querent/contracts';
import type { Connector } from '../../../src/connectors/index.ts';
import type { Actor } from '../../../src/modules/access/can.ts';
import type { DatabaseRecord } from '../../../src/modules/databases/database-record.ts';
import type { SqlRunDeps } from '../../../src/modules/sql-runs/sql-run-deps.ts';

/*
 * What running SQL needs, around one open connector, without the rest of the app: the database's
 * owner, its record in safe mode, and the run policy's limits.
 */

export const owner: Actor = { id: 'owner', role: 'member', organizationId: null };

export function databaseRecord(engine: Engine): DatabaseRecord {
  return {
    id: 'chinook',
    name: 'Chinook',
    engine,
    details: {},
    safeMode: true,
    isPublic: false,
    dbtSummary: { manifest: null, catalog: null },
    statementTimeoutMs: null,
    ownerId: owner.id,
    organizationId: null,
    sharedWithOrganization: false,
    credentialWarning: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
  };
}

export function runDeps(connector: Connector): SqlRunDeps {
  return {
    connections: {
      forDatabase: () => connector,
      createUnpooled: () => connector,
      evict: () => Promise.resolve(),
      closeAll: () => connector.close(),
    },
    rowCap: 10_000,
    defaultTimeoutMs: 30_000,
    sqlRunObservers: [],
    log: { error: () => undefined },
  };
}
