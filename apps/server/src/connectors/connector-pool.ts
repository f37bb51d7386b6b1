import type { ConnectionDetails, Connector, ConnectorOptions } from './connector.ts';

type Create = (engine: string, details: ConnectionDetails, options: ConnectorOptions) => Connector;

interface Entry {
  connector: Connector;
  /** Engine and details the connector was made from; a change means a new connector. */
  fingerprint: string;
}

/**
 * Connectors (and so their connection pools) cached per database id. A database that changes or
 * is deleted must be evicted, which closes its connections; a call with different details also
 * replaces the old connector, so stale credentials never linger.
 */
export class ConnectorPool {
  readonly #entries = new Map<string, Entry>();
  readonly #create: Create;
  readonly #options: ConnectorOptions;

  constructor(create: Create, options: ConnectorOptions = {}) {
    this.#create = create;
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string, engine: string, details: ConnectionDetails): Connector {
    const fingerprint = JSON.stringify([
      engine,
      Object.entries(details).sort(([a], [b]) => a.localeCompare(b)),
    ]);
    const entry = this.#entries.get(id);
    if (entry?.fingerprint === fingerprint) return entry.connector;
    if (entry) void closeQuietly(entry.connector);
    const connector = this.#create(engine, details, this.#options);
    this.#entries.set(id, { connector, fingerprint });
    return connector;
  }

  /** Closes and forgets the database's connector; call when it is changed or deleted. */
  async evict(id: string): Promise<void> {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    await closeQuietly(entry.connector);
  }

  async closeAll(): Promise<void> {
    const connectors = [...this.#entries.values()].map((entry) => entry.connector);
    this.#entries.clear();
    await Promise.all(connectors.map(closeQuietly));
  }
}

/** Closing is best effort: a broken connection must not stop the others from closing. */
async function closeQuietly(connector: Connector): Promise<void> {
  try {
    await connector.close();
  } catch {
    // Already broken connections have nothing left to free.
  }
}
