import type { SchemaInfo } from '@querent/contracts';
import { SchemaIndex } from './schema-index.ts';
import type { SchemaSummary } from './schema-summary.ts';
import { summarizeTables } from './schema-summary.ts';
import type { SchemaTable } from './schema-tables.ts';
import { listSchemaTables } from './schema-tables.ts';

/** Summaries kept per snapshot: one per project focus and budget in use, a handful at most. */
const SUMMARIES_KEPT = 8;

/**
 * What the analyst derives from one version of a database's schema: the flattened tables, the
 * search index and the summaries its instructions show. The databases module hands out the same
 * schema object until the schema changes (an edit of the database, a refresh, a new upload), so
 * keying by that object caches per schema version, and a new version is a new key: nothing stale
 * is ever served, and an old version is dropped with its object.
 */
export class SchemaSnapshot {
  readonly tables: readonly SchemaTable[];
  #index: SchemaIndex | null = null;
  readonly #summaries = new Map<string, SchemaSummary>();

  constructor(schema: SchemaInfo) {
    this.tables = listSchemaTables(schema);
  }

  /** Built at the first search, not before: many turns never search. */
  get index(): SchemaIndex {
    this.#index ??= new SchemaIndex(this.tables);
    return this.#index;
  }

  summary(options: { focus: ReadonlySet<string>; budgetTokens: number }): SchemaSummary {
    const key = `${options.budgetTokens}|${[...options.focus].sort().join(',')}`;
    const cached = this.#summaries.get(key);
    if (cached) return cached;
    const made = summarizeTables(this.tables, options);
    if (this.#summaries.size >= SUMMARIES_KEPT) {
      const oldest = this.#summaries.keys().next().value;
      if (oldest !== undefined) this.#summaries.delete(oldest);
    }
    this.#summaries.set(key, made);
    return made;
  }
}

const snapshots = new WeakMap<SchemaInfo, SchemaSnapshot>();

/** The snapshot of this schema version, made at its first use. */
export function snapshotOf(schema: SchemaInfo): SchemaSnapshot {
  let snapshot = snapshots.get(schema);
  if (!snapshot) {
    snapshot = new SchemaSnapshot(schema);
    snapshots.set(schema, snapshot);
  }
  return snapshot;
}
