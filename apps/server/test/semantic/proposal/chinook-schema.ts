import type { SchemaInfo } from '@querent/contracts';
import type { Connector } from '../../../src/connectors/index.ts';
import { mergeDbtDescriptions } from '../../../src/modules/databases/merge-dbt.ts';

/** A database's schema as the app hands it on: introspected by its connector, with no dbt project. */
export async function browsableSchema(connector: Connector): Promise<SchemaInfo> {
  const introspected = await connector.introspect();
  return {
    ...mergeDbtDescriptions(introspected, { manifest: null, catalog: null }),
    introspectedAt: '2026-11-28T00:00:00.000Z',
  };
}
