import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connector, EngineModule } from '../../src/connectors/index.ts';
import {
  ConnectorError,
  ConnectorPool,
  checkConnectors,
  createConnector,
} from '../../src/connectors/index.ts';
import { PostgresConnector } from '../../src/connectors/postgres/connector.ts';
import { chinookSqliteCopy } from '../fixtures/chinook.ts';

describe('checkConnectors', () => {
  it('accepts the registered engines: every engine of the catalogue has a connector', () => {
    expect(checkConnectors()).toEqual({ unsupported: [] });
  });

  it('names what an engine module is missing', () => {
    class Partial {
      test(): Promise<void> {
        return Promise.resolve();
      }
    }
    const broken = {
      engine: 'snowflake',
      dialect: 'snowflake',
      Connector: Partial,
    } as unknown as EngineModule;
    expect(() => checkConnectors([broken])).toThrow(
      'Connector contract broken — snowflake: connector lacks introspect, run, stream, close()',
    );
    const nameless = { engine: 'oracle', dialect: '', Connector: undefined } as unknown as EngineModule;
    expect(() => checkConnectors([nameless])).toThrow(
      /oracle: not an engine of the catalogue; oracle: no SQL dialect; oracle: no connector class/,
    );
  });

  it('holds each connector to the dialect its engine descriptor declares', () => {
    const misnamed = {
      engine: 'motherduck',
      dialect: 'postgres',
      Connector: PostgresConnector,
    } as EngineModule;
    expect(() => checkConnectors([misnamed])).toThrow(
      'Connector contract broken — motherduck: speaks postgres, but its descriptor says duckdb',
    );
  });
});

describe('createConnector', () => {
  it('fills the catalogue defaults and connects lazily', async () => {
    const connector = createConnector('postgres', {
      host: '127.0.0.1',
      port: '',
      user: 'postgres',
      database: 'x',
    });
    expect(connector).toBeInstanceOf(PostgresConnector);
    expect(connector.dialect).toBe('postgres');
    await connector.close();
  });

  it('refuses unknown engines', () => {
    expect(() => createConnector('oracle', {})).toThrow(
      new ConnectorError('unsupported', 'Unsupported engine'),
    );
  });
});

describe('ConnectorPool', () => {
  const read = { rowCap: 1, timeoutMs: 5000, readOnly: true };
  let copy: { filename: string; remove: () => Promise<void> };
  beforeAll(async () => {
    copy = await chinookSqliteCopy();
  });
  afterAll(() => copy.remove());

  const isClosed = (connector: Connector): Promise<boolean> =>
    connector.run('SELECT 1', read).then(
      () => false,
      (error: unknown) => error instanceof Error && /closed/.test(error.message),
    );

  it('reuses a connector per database until its details change', async () => {
    const pool = new ConnectorPool(createConnector);
    const first = pool.get('db1', 'sqlite', { filename: copy.filename, note: 1 });
    expect(pool.get('db1', 'sqlite', { note: 1, filename: copy.filename })).toBe(first);
    const changed = pool.get('db1', 'sqlite', { filename: copy.filename, note: 2 });
    expect(changed).not.toBe(first);
    expect(pool.size).toBe(1);
    await expect(changed.run('SELECT 1 AS one', read)).resolves.toMatchObject({
      columns: [{ name: 'one' }],
      rows: [[1]],
    });
    await vi.waitFor(async () => expect(await isClosed(first)).toBe(true));
    await pool.closeAll();
  });

  it('closes on evict and on closeAll', async () => {
    const pool = new ConnectorPool(createConnector);
    const one = pool.get('db1', 'sqlite', { filename: copy.filename });
    const two = pool.get('db2', 'sqlite', { filename: copy.filename });
    await pool.evict('db1');
    expect(await isClosed(one)).toBe(true);
    expect(await isClosed(two)).toBe(false);
    await pool.evict('unknown');
    await pool.closeAll();
    expect(await isClosed(two)).toBe(true);
    expect(pool.size).toBe(0);
  });
});
