import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../src/api/query-keys.ts';
import {
  buildContextOptions,
  reloadContextData,
  resolveContextId,
} from '../src/features/context/contexts.ts';
import type { KeyValueStorage } from '../src/lib/safe-storage.ts';
import { createContextStore, storageKeys, useContextStore } from '../src/stores/context-store.ts';

const databases = [
  { id: '7', name: 'Chinook', engine: 'sqlite' as const, createdAt: '2026-01-01T00:00:00Z' },
  { id: '9', name: 'Warehouse', engine: 'postgres' as const, createdAt: '2026-01-02T00:00:00Z' },
];
const projects = [{ id: '3', name: 'Sales' }];

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('context options', () => {
  it("uses ids database-{id} / project-{id} and labels name / 'project > name'", () => {
    expect(buildContextOptions(databases, projects)).toEqual([
      { id: 'database-7', kind: 'database', entityId: '7', label: 'Chinook' },
      { id: 'database-9', kind: 'database', entityId: '9', label: 'Warehouse' },
      { id: 'project-3', kind: 'project', entityId: '3', label: 'project > Sales' },
    ]);
  });

  it('keeps a stored context that still exists', () => {
    expect(resolveContextId(buildContextOptions(databases, projects), 'project-3')).toBe('project-3');
  });

  it('defaults to the first context, the first database, when none is stored', () => {
    expect(resolveContextId(buildContextOptions(databases, projects), null)).toBe('database-7');
  });

  it('defaults to the first context when the stored one is gone', () => {
    expect(resolveContextId(buildContextOptions(databases, projects), 'database-404')).toBe('database-7');
    expect(resolveContextId(buildContextOptions([], projects), 'database-404')).toBe('project-3');
  });

  it('has nothing to select when there is no context', () => {
    expect(resolveContextId([], 'database-7')).toBeNull();
  });
});

describe('context store', () => {
  it('persists under the keys databaseId, projectId and contextSelectedId', () => {
    expect(storageKeys).toEqual({
      databaseId: 'databaseId',
      projectId: 'projectId',
      contextSelectedId: 'contextSelectedId',
    });
    const storage = memoryStorage();
    const store = createContextStore(storage);
    store.getState().select('database-7');
    expect(Object.fromEntries(storage.data)).toEqual({ contextSelectedId: 'database-7', databaseId: '7' });
    store.getState().select('project-3');
    expect(Object.fromEntries(storage.data)).toEqual({ contextSelectedId: 'project-3', projectId: '3' });
    store.getState().select(null);
    expect(storage.data.size).toBe(0);
  });

  it('starts from what was stored', () => {
    const store = createContextStore(memoryStorage({ contextSelectedId: 'database-9' }));
    expect(store.getState()).toMatchObject({
      contextSelectedId: 'database-9',
      databaseId: '9',
      projectId: null,
    });
  });

  it('ignores a stored value that is not a context id', () => {
    const store = createContextStore(memoryStorage({ contextSelectedId: 'garbage' }));
    expect(store.getState().contextSelectedId).toBeNull();
  });

  it('the app store writes to localStorage', () => {
    useContextStore.getState().select('database-7');
    expect(localStorage.getItem('contextSelectedId')).toBe('database-7');
    expect(localStorage.getItem('databaseId')).toBe('7');
    expect(localStorage.getItem('projectId')).toBeNull();
  });
});

describe('changing the context', () => {
  it('clears conversations, business entities and issues and leaves other data alone', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.conversations('database-7'), [{ id: 'c1' }]);
    client.setQueryData(queryKeys.businessEntities('database-7'), [{ id: 'e1' }]);
    client.setQueryData(queryKeys.issues('database-7'), [{ id: 'i1' }]);
    client.setQueryData(queryKeys.databases, databases);
    reloadContextData(client);
    expect(client.getQueryData(queryKeys.conversations('database-7'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.businessEntities('database-7'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.issues('database-7'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.databases)).toEqual(databases);
  });
});
