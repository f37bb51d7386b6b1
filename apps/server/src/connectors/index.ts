import { type Engine, detailDefaults, engineDescriptors, engines, isEngine } from '@querent/contracts';
import {
  type ConnectionDetails,
  type Connector,
  type ConnectorOptions,
  connectorMethods,
  type EngineModule,
} from './connector.ts';
import { ConnectorError } from './connector-error.ts';
import { bigqueryEngine } from './bigquery/connector.ts';
import { duckdbEngine } from './duckdb/connector.ts';
import { mysqlEngine } from './mysql/connector.ts';
import { postgresEngine } from './postgres/connector.ts';
import { snowflakeEngine } from './snowflake/connector.ts';
import { sqliteEngine } from './sqlite/connector.ts';

export type * from './connector.ts';
export { boundPlaceholder, bindsValues } from './bound-placeholder.ts';
export { statementBody } from './run-support.ts';
export { ConnectorError, type ConnectorErrorKind, isConnectorError } from './connector-error.ts';
export { ConnectorPool } from './connector-pool.ts';
export type { BigQueryConnectorOptions } from './bigquery/connector.ts';
export type { SnowflakeConnectorOptions } from './snowflake/connector.ts';
export { classifyStatement, type StatementClass } from './statement-classifier.ts';

/**
 * Every engine module. Importing them is cheap: the MySQL, DuckDB, Snowflake and BigQuery
 * connectors import their driver at their first connection rather than at the top of their file
 * (pg and better-sqlite3 are small, and the store uses them too). So the boot check below
 * inspects our own classes (engine, dialect, methods) without loading those SDKs, and a server
 * whose users never connect such a database never pays for them.
 */
const engineModules: readonly EngineModule[] = [
  postgresEngine,
  mysqlEngine,
  snowflakeEngine,
  sqliteEngine,
  bigqueryEngine,
  duckdbEngine,
];

/**
 * Boot check: every engine module must name a known engine, speak the dialect its
 * descriptor declares and provide a connector class with the whole contract. Throws naming
 * everything missing; returns the engines of the catalogue that have no connector yet, so the app
 * can say so instead of failing later.
 */
export function checkConnectors(modules: readonly EngineModule[] = engineModules): { unsupported: Engine[] } {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const module of modules) {
    const label = typeof module.engine === 'string' ? module.engine : '(unnamed engine module)';
    const known = isEngine(label);
    if (!known) problems.push(`${label}: not an engine of the catalogue`);
    if (seen.has(label)) problems.push(`${label}: registered twice`);
    seen.add(label);
    // Checked at run time: a module written in JS, or cast, may not honour its type.
    const dialect: unknown = module.dialect;
    if (typeof dialect !== 'string' || !dialect) problems.push(`${label}: no SQL dialect`);
    else if (known && dialect !== engineDescriptors[label].dialect.name) {
      problems.push(
        `${label}: speaks ${dialect}, but its descriptor says ${engineDescriptors[label].dialect.name}`,
      );
    }
    if (typeof module.Connector !== 'function') {
      problems.push(`${label}: no connector class`);
      continue;
    }
    const prototype = module.Connector.prototype as Record<string, unknown>;
    const missing = connectorMethods.filter((method) => typeof prototype[method] !== 'function');
    if (missing.length > 0) problems.push(`${label}: connector lacks ${missing.join(', ')}()`);
  }
  if (problems.length > 0) throw new Error(`Connector contract broken — ${problems.join('; ')}`);
  return { unsupported: engines.filter((engine) => !seen.has(engine)) };
}

export function findEngineModule(engine: string): EngineModule | null {
  return engineModules.find((module) => module.engine === engine) ?? null;
}

/**
 * A connector for one database. The defaults its descriptor declares (ports) fill blank fields.
 * Nothing connects until the first call.
 */
export function createConnector(
  engine: string,
  details: ConnectionDetails,
  options: ConnectorOptions = {},
): Connector {
  const module = findEngineModule(engine);
  if (!module) {
    throw new ConnectorError(
      'unsupported',
      isEngine(engine)
        ? `${engineDescriptors[engine].displayName} databases cannot be connected yet.`
        : 'Unsupported engine',
    );
  }
  const defaults = detailDefaults(module.engine);
  const filled: Record<string, string | number | boolean | null | undefined> = { ...details };
  for (const [field, value] of Object.entries(defaults)) {
    if (filled[field] === null || filled[field] === undefined || filled[field] === '') filled[field] = value;
  }
  return new module.Connector(filled, options);
}
