import type { SchemaInfo } from '@querent/contracts';

interface Entry {
  /** The database's updatedAt when the schema was read: an edit anywhere makes it stale. */
  version: string;
  schema: Promise<SchemaInfo>;
}

/**
 * Introspected schemas kept in memory per database until the database changes. Concurrent
 * requests for the same schema share one introspection; a failed one is not kept.
 */
export class SchemaCache {
  readonly #entries = new Map<string, Entry>();

  get(id: string, version: string, load: () => Promise<SchemaInfo>, refresh = false): Promise<SchemaInfo> {
    const cached = this.#entries.get(id);
    if (!refresh && cached?.version === version) return cached.schema;
    const schema = load();
    const entry = { version, schema };
    this.#entries.set(id, entry);
    schema.catch(() => {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
    });
    return schema;
  }

  invalidate(id: string): void {
    this.#entries.delete(id);
  }
}
