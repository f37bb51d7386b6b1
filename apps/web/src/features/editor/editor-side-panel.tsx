import type { SchemaInfo } from '@querent/contracts';
import { useState } from 'react';
import { HistoryPanel } from './history-panel.tsx';
import { SchemaPanel } from './schema-panel.tsx';
import type { EngineSyntax } from './sql-dialects.ts';

type SideTab = 'schema' | 'history';

/** Beside the editor: the schema to browse and insert from, or the history of runs to reload. */
export function EditorSidePanel({
  databaseId,
  schema,
  schemaLoading,
  schemaError,
  syntax,
  onInsert,
  onLoadSql,
}: {
  databaseId: string | null;
  schema: SchemaInfo | undefined;
  schemaLoading: boolean;
  schemaError: unknown;
  syntax: EngineSyntax;
  onInsert: (text: string) => void;
  onLoadSql: (sql: string) => void;
}) {
  const [tab, setTab] = useState<SideTab>('schema');
  return (
    <aside aria-label="Editor side panel" className="flex min-h-0 w-64 shrink-0 flex-col gap-2">
      <div role="tablist" aria-label="Side panel" className="flex gap-1">
        {(['schema', 'history'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`rounded-md px-3 py-1 text-sm font-medium ${
              tab === name
                ? 'bg-zinc-200 dark:bg-zinc-800'
                : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900'
            }`}
          >
            {name === 'schema' ? 'Schema' : 'History'}
          </button>
        ))}
      </div>
      {databaseId === null ? (
        <p className="text-sm text-zinc-500">No database selected</p>
      ) : tab === 'schema' ? (
        <SchemaPanel
          schema={schema}
          loading={schemaLoading}
          error={schemaError}
          syntax={syntax}
          onInsert={onInsert}
        />
      ) : (
        <HistoryPanel databaseId={databaseId} onLoad={onLoadSql} />
      )}
    </aside>
  );
}
