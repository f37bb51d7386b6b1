import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  PrimitiveValueListNode,
  QueryResult,
  RootOperationNode,
  UnknownRow,
  ValueNode,
} from 'kysely';
import { OperationNodeTransformer } from 'kysely';

/** better-sqlite3 refuses to bind booleans and Dates; store them as SQLite itself would. */
function toSqliteValue(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

class SqliteValuesTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = toSqliteValue(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(toSqliteValue) };
  }
}

/**
 * Lets repository code write `true`/`false` and Dates on both dialects: on SQLite the query's
 * parameters are converted before they reach the driver.
 */
export class SqliteValuesPlugin implements KyselyPlugin {
  readonly #transformer = new SqliteValuesTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
