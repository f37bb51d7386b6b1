import type { SemanticImportFormat, SemanticImportWarning } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';

const formats: { value: SemanticImportFormat; label: string; hint: string; accept: string }[] = [
  {
    value: 'dbt',
    label: 'dbt semantic models and metrics',
    hint: 'The .yml files of a dbt project (several at once), or its semantic_manifest.json or manifest.json.',
    accept: '.yml,.yaml,.json',
  },
  {
    value: 'osi',
    label: 'Open Semantic Interchange (OSI) YAML',
    hint: 'One OSI file, as another tool or Querent’s own export writes it.',
    accept: '.yml,.yaml',
  },
];

/** The request for the picked files: one file's text as `content`; several dbt files as `files`. */
async function importBody(format: SemanticImportFormat, files: readonly File[]) {
  if (files.length === 1 && files[0]) return { format, content: await files[0].text() };
  return {
    format,
    files: await Promise.all(files.map(async (file) => ({ name: file.name, content: await file.text() }))),
  };
}

/**
 * Imports dbt's semantic layer or an OSI file: the server converts it into the pending proposal
 * (shown in the page's banner to accept or reject) and says what it could not carry over, listed
 * here. A file it cannot read is named with where (`content: line 12, column 3`).
 */
export function ImportPanel({ databaseId, onClose }: { databaseId: string; onClose: () => void }) {
  const { api, queryClient } = useServices();
  const formatName = useId();
  const fileId = useId();
  const hintId = useId();
  const [format, setFormat] = useState<SemanticImportFormat>('dbt');
  const [files, setFiles] = useState<File[]>([]);
  const [warnings, setWarnings] = useState<SemanticImportWarning[] | null>(null);
  const run = useMutation({
    mutationFn: async () => api.semanticModels.import(databaseId, await importBody(format, files)),
    onSuccess: ({ warnings: left, ...state }) => {
      queryClient.setQueryData(queryKeys.semanticModel(databaseId), state);
      setWarnings(left);
    },
  });
  const chosen = formats.find((entry) => entry.value === format) ?? formats[0];
  // Opened from the toolbar's button: keyboard users land on the format choice.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (files.length > 0) run.mutate();
  }

  if (warnings !== null) {
    return (
      <section
        aria-label="Import result"
        className="flex flex-col gap-2 rounded-md border border-zinc-200 p-4 dark:border-zinc-800"
      >
        <p role="status" className="text-sm">
          Imported as a proposal: accept or reject it above.
          {warnings.length === 0
            ? ' Everything converted.'
            : ` ${warnings.length} item(s) could not be carried over:`}
        </p>
        {warnings.length > 0 ? (
          <ul aria-label="Import warnings" className="list-disc pl-5 text-sm">
            {warnings.map((warning) => (
              <li key={`${warning.item}:${warning.message}`}>
                <span className="font-mono">{warning.item}</span>: {warning.message}
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Close
          </button>
        </div>
      </section>
    );
  }

  const failure = run.error;
  return (
    <form
      ref={form}
      aria-label="Import a semantic model"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Format</legend>
        {formats.map((entry) => (
          <label key={entry.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={formatName}
              value={entry.value}
              checked={format === entry.value}
              onChange={() => {
                setFormat(entry.value);
                setFiles([]);
              }}
            />
            {entry.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={fileId} className="flex flex-col gap-1 text-sm font-medium">
        {format === 'dbt' ? 'Files' : 'File'}
        <input
          key={format}
          id={fileId}
          type="file"
          accept={chosen?.accept}
          multiple={format === 'dbt'}
          aria-describedby={hintId}
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
          className="text-sm font-normal"
        />
      </label>
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {chosen?.hint} The saved model is not changed until you accept the proposal.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {/* The server's message already says where: the file and its line and column. */}
          {errorMessage(failure)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={files.length === 0 || run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
