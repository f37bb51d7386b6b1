import { FileDown, FileSpreadsheet, Play, Save, Square, Star, WandSparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { ExportFormat } from '../../api/query-types.ts';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';

/** The query's title, its star and Save, with a mark while there are unsaved changes. */
export function EditorTitleBar({
  title,
  onTitle,
  modified,
  saving,
  onSave,
  canStar,
  favorite,
  starring,
  onStar,
  share,
}: {
  title: string;
  onTitle: (title: string) => void;
  modified: boolean;
  saving: boolean;
  onSave: () => void;
  canStar: boolean;
  favorite: boolean;
  starring: boolean;
  onStar: () => void;
  /** Sharing with the organisation, when the query is saved. */
  share?: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={titleId} className="sr-only">
        Title
      </label>
      <input
        id={titleId}
        value={title}
        onChange={(event) => onTitle(event.target.value)}
        placeholder="Untitled query"
        className={`${inputClass} max-w-md flex-1 font-medium`}
      />
      {modified ? (
        <span className="text-xs text-amber-700 dark:text-amber-400" data-testid="modified">
          Unsaved changes
        </span>
      ) : null}
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={onStar}
        disabled={!canStar || starring}
        aria-pressed={favorite}
        title={canStar ? undefined : 'Save the query to star it'}
      >
        <Star
          size={14}
          aria-hidden="true"
          className={favorite ? 'fill-amber-400 text-amber-500' : undefined}
        />
        {favorite ? 'Unstar' : 'Star'}
      </button>
      {share}
      <button type="button" className={buttonClass} onClick={onSave} disabled={saving}>
        <Save size={14} aria-hidden="true" />
        {saving ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}

/** Run or Cancel, Format, and the exports of the whole result. */
export function EditorToolbar({
  running,
  canRun,
  onRun,
  onCancel,
  onFormat,
  canExport,
  onExport,
}: {
  running: boolean;
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
  onFormat: () => void;
  canExport: boolean;
  onExport: (format: ExportFormat) => void;
}) {
  return (
    <div role="toolbar" aria-label="Query actions" className="flex flex-wrap items-center gap-2">
      {running ? (
        <button type="button" className={buttonClass} onClick={onCancel}>
          <Square size={14} aria-hidden="true" />
          Cancel
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass}
          onClick={onRun}
          disabled={!canRun}
          title="Runs the selection, or everything (Ctrl/Cmd+Enter runs the statement under the cursor)"
        >
          <Play size={14} aria-hidden="true" />
          Run
        </button>
      )}
      <button type="button" className={secondaryButtonClass} onClick={onFormat}>
        <WandSparkles size={14} aria-hidden="true" />
        Format
      </button>
      <span className="mx-1 h-5 w-px bg-zinc-300 dark:bg-zinc-700" aria-hidden="true" />
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => onExport('csv')}
        disabled={!canExport}
        title="Download the whole result as CSV"
      >
        <FileDown size={14} aria-hidden="true" />
        Export CSV
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => onExport('xlsx')}
        disabled={!canExport}
        title="Download the whole result as an Excel workbook"
      >
        <FileSpreadsheet size={14} aria-hidden="true" />
        Export XLSX
      </button>
    </div>
  );
}
