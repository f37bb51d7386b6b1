import { parseContextId } from '@querent/contracts';
import { create } from 'zustand';
import { type KeyValueStorage, safeStorage } from '../lib/safe-storage.ts';

/** Local-storage keys, fixed: renaming one would forget every visitor's selection. */
export const storageKeys = {
  databaseId: 'databaseId',
  projectId: 'projectId',
  contextSelectedId: 'contextSelectedId',
} as const;

export interface ContextSelection {
  contextSelectedId: string | null;
  databaseId: string | null;
  projectId: string | null;
}

interface ContextState extends ContextSelection {
  /** Selects a context id (`database-{id}` / `project-{id}`), or clears the selection with null. */
  select: (contextId: string | null) => void;
}

/** The database id and project id follow from the context id, so the three never disagree. */
export function selectionFor(contextId: string | null): ContextSelection {
  const parsed = contextId ? parseContextId(contextId) : null;
  if (!parsed) return { contextSelectedId: null, databaseId: null, projectId: null };
  return {
    contextSelectedId: contextId,
    databaseId: parsed.kind === 'database' ? parsed.id : null,
    projectId: parsed.kind === 'project' ? parsed.id : null,
  };
}

function writeKey(storage: KeyValueStorage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

export function createContextStore(storage: KeyValueStorage) {
  const stored = selectionFor(storage.getItem(storageKeys.contextSelectedId));
  return create<ContextState>()((set) => ({
    ...stored,
    select(contextId) {
      const next = selectionFor(contextId);
      writeKey(storage, storageKeys.contextSelectedId, next.contextSelectedId);
      writeKey(storage, storageKeys.databaseId, next.databaseId);
      writeKey(storage, storageKeys.projectId, next.projectId);
      set(next);
    },
  }));
}

export const useContextStore = createContextStore(safeStorage);
