import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExportFormat } from '../../api/query-types.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { SavedQuery } from '../../api/types.ts';
import { useServices } from '../../app/services-context.tsx';
import { KeyColumnsProvider } from '../../components/results-grid/key-columns.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import { engineName } from '../databases/engine-icon.tsx';
import { downloadExport, type ExportSource } from '../queries/download-export.ts';
import { useFavorite } from '../queries/use-favorite.ts';
import { useQueryRunner } from '../queries/use-query-runner.ts';
import { useSaveQuery } from '../queries/use-save-query.ts';
import { useSchema } from '../schema/use-schema.ts';
import { EditorSidePanel } from './editor-side-panel.tsx';
import { ShareToggle } from '../sharing/share-toggle.tsx';
import { EditorTitleBar, EditorToolbar } from './editor-toolbar.tsx';
import { ResultsPanel, type ResultsTab, type ShownResult } from './results-panel.tsx';
import { handOverRun, takeRun } from './run-handoff.ts';
import { buildCatalog } from './schema-catalog.ts';
import { engineSyntax } from './sql-dialects.ts';
import { SqlEditor, type SqlEditorHandle } from './sql-editor.tsx';
import { useEditorDatabase } from './use-editor-database.ts';
import { useEditorDocument } from './use-editor-document.ts';

/**
 * The SQL editor: title, star and save; the editor with completion; run, cancel, format and
 * export; the schema and history beside it; the result as a grid or a chart below.
 */
export function EditorScreen({
  loaded,
  chartId,
  opened = null,
}: {
  loaded: SavedQuery | null;
  chartId: string | null;
  /** SQL to open as a new query, and the database it is about (an issue's evidence). */
  opened?: { sql: string; databaseId: string | null } | null;
}) {
  const { api } = useServices();
  const doc = useEditorDocument(loaded, opened?.sql ?? null);
  const { databaseId, database } = useEditorDatabase(loaded?.databaseId ?? opened?.databaseId ?? null);
  const engine = database?.engine ?? null;
  const syntax = useMemo(() => engineSyntax(engine), [engine]);
  const { schema } = useSchema({ kind: 'database', id: databaseId ?? '' }, databaseId !== null);
  const catalog = useMemo(
    () => (schema.data ? buildCatalog(schema.data, syntax) : null),
    [schema.data, syntax],
  );
  const editor = useRef<SqlEditorHandle>(null);

  const [handedOver] = useState(() => takeRun(loaded?.id ?? null));
  const runner = useQueryRunner(handedOver);
  const [tab, setTab] = useState<ResultsTab>(chartId ? 'chart' : 'results');
  const [favorite, setFavorite] = useState(loaded?.is_favorite ?? false);
  const [favoriteOf, setFavoriteOf] = useState(loaded);
  if (favoriteOf !== loaded) {
    setFavoriteOf(loaded);
    setFavorite(loaded?.is_favorite ?? false);
  }

  // Another query in the address starts clean, unless this page just saved it (the result stays).
  const shownQueryId = useRef(loaded?.id ?? null);
  const { restore, reset } = runner;
  useEffect(() => {
    const id = loaded?.id ?? null;
    if (id === shownQueryId.current) return;
    shownQueryId.current = id;
    const handed = takeRun(id);
    if (handed) restore(handed);
    else reset();
  }, [loaded?.id, restore, reset]);

  // A saved query shows its stored last result until it is run again here.
  const stored = useQuery({
    queryKey: queryKeys.savedQueryResults(loaded?.id ?? ''),
    queryFn: () => api.queries.results(loaded?.id ?? ''),
    enabled: loaded !== null && runner.state.status === 'idle',
    staleTime: 0,
  });
  const storedChart = useQuery({
    queryKey: queryKeys.chart(chartId ?? ''),
    queryFn: () => api.charts.get(chartId ?? ''),
    enabled: chartId !== null,
  });

  const save = useSaveQuery({
    beforeNavigate: (outcome) => handOverRun(outcome.query.id, runner.state),
    onUpdated: ({ query }) => doc.markSaved({ title: query.title ?? '', sql: query.sql }),
  });
  const star = useFavorite('query');

  let shown: ShownResult | null = null;
  if (runner.state.status === 'done') {
    shown = { data: runner.state.result, queryId: runner.state.result.queryId ?? null };
  } else if (runner.state.status === 'idle' && stored.data && !stored.data.error && loaded) {
    shown = { data: stored.data, queryId: loaded.id, ranAt: stored.data.ranAt };
  }

  const run = (sql: string | null | undefined) => {
    if (sql) void runner.run(sql, databaseId);
  };
  const onSave = () => {
    // A colleague's query, or a run from the history, is saved as a new query of one's own.
    const id = loaded?.editable && loaded.is_saved ? loaded.id : null;
    save.mutate({ id, databaseId, title: doc.title, sql: doc.sql });
  };
  const onFormat = async () => {
    try {
      // The formatter's dialects weigh more than the rest of the editor: loaded on first use.
      const { formatSql } = await import('./format-sql.ts');
      doc.setSql(formatSql(doc.sql, syntax));
    } catch (error) {
      notify({
        group: 'editor',
        type: 'error',
        title: 'Could not format the SQL',
        text: errorMessage(error),
      });
    }
  };
  const onExport = (format: ExportFormat) => {
    let source: ExportSource | null;
    if (runner.state.status === 'done') {
      const { result, sql } = runner.state;
      source = result.queryId ? { queryId: result.queryId } : databaseId ? { sql, databaseId } : null;
    } else if (shown && loaded) {
      source = { queryId: loaded.id };
    } else {
      const sql = editor.current?.allTarget() ?? null;
      source = sql && databaseId ? { sql, databaseId } : null;
    }
    if (!source) {
      notify({ group: 'editor', type: 'error', title: 'Nothing to export', text: 'No database selected' });
      return;
    }
    void downloadExport(api, {
      source,
      format,
      title: doc.title || loaded?.title,
      expectedRows: shown?.data.count ?? null,
    });
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold tracking-tight">SQL editor</h1>
        {database ? (
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="editor-database">
            {database.name} · {engineName(database.engine)}
          </span>
        ) : databaseId === null ? (
          <span role="note" className="text-sm font-medium text-amber-700 dark:text-amber-400">
            No database selected
          </span>
        ) : null}
      </header>
      <EditorTitleBar
        title={doc.title}
        onTitle={doc.setTitle}
        modified={doc.modified}
        saving={save.isPending}
        onSave={onSave}
        canStar={loaded !== null}
        favorite={favorite}
        starring={star.isPending}
        onStar={() => {
          if (!loaded) return;
          star.mutate(
            { id: loaded.id, isFavorite: !favorite },
            { onSuccess: (state) => setFavorite(state.is_favorite) },
          );
        }}
        share={
          loaded?.is_saved ? (
            <ShareToggle
              kind="query"
              id={loaded.id}
              shared={loaded.shared}
              canShare={loaded.abilities.share}
              refresh={[queryKeys.savedQuery(loaded.id)]}
            />
          ) : null
        }
      />
      <div className="flex min-h-0 flex-1 gap-4">
        <EditorSidePanel
          databaseId={databaseId}
          schema={schema.data}
          schemaLoading={schema.isPending && databaseId !== null}
          schemaError={schema.error}
          syntax={syntax}
          onInsert={(text) => editor.current?.insert(text)}
          onLoadSql={doc.setSql}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <EditorToolbar
            running={runner.state.status === 'running'}
            canRun={doc.sql.trim() !== ''}
            onRun={() => run(editor.current?.allTarget())}
            onCancel={runner.cancel}
            onFormat={() => void onFormat()}
            canExport={databaseId !== null && (shown !== null || doc.sql.trim() !== '')}
            onExport={onExport}
          />
          <div className="h-[38%] min-h-36 shrink-0">
            <SqlEditor
              handle={editor}
              value={doc.sql}
              onChange={doc.setSql}
              syntax={syntax}
              catalog={catalog}
              onRunStatement={run}
              onSave={onSave}
            />
          </div>
          <KeyColumnsProvider schema={schema.data}>
            <ResultsPanel
              run={runner.state}
              shown={shown}
              storedError={stored.data?.error ?? (stored.isError ? errorMessage(stored.error) : null)}
              loadingStored={loaded !== null && runner.state.status === 'idle' && stored.isPending}
              tab={tab}
              onTab={setTab}
              chart={storedChart.data ?? null}
              chartPending={chartId !== null && storedChart.isPending}
              onCancel={runner.cancel}
            />
          </KeyColumnsProvider>
        </div>
      </div>
    </div>
  );
}
