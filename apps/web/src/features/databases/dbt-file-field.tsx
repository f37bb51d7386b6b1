import type { DbtSummary } from '@querent/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { FormField, secondaryButtonClass } from '../../components/form-field.tsx';
import type { DbtChange } from './database-form-values.ts';
import { readJsonObjectFile } from './read-json-file.ts';

function describe(change: DbtChange, stored: DbtSummary | null): string | null {
  if (change.kind === 'replace') return `${change.fileName} will be uploaded on save.`;
  if (change.kind === 'remove') return 'Will be removed on save.';
  if (stored) return `Uploaded: ${stored.models} models, ${stored.columns} columns described.`;
  return null;
}

/** One dbt artifact (manifest.json or catalog.json): pick a file, see what is stored, remove it. */
export function DbtFileField({
  label,
  stored,
  change,
  serverError,
  disabled,
  onChange,
}: {
  label: string;
  /** What the server holds now (edit page), or null. */
  stored: DbtSummary | null;
  change: DbtChange;
  serverError: string | null;
  disabled: boolean;
  onChange: (change: DbtChange) => void;
}) {
  const [readError, setReadError] = useState<string | null>(null);
  const status = describe(change, stored);
  const hasFile = change.kind === 'replace' || (change.kind === 'keep' && stored !== null);

  async function pick(file: File | undefined) {
    if (!file) return;
    const reading = await readJsonObjectFile(file);
    if (reading.ok) {
      setReadError(null);
      onChange({ kind: 'replace', fileName: file.name, content: reading.content });
    } else {
      setReadError(reading.message);
    }
  }

  return (
    <FormField label={label} required={false} error={readError ?? serverError} help={status}>
      {(control) => (
        <div className="flex flex-col items-start gap-2">
          <input
            {...control}
            type="file"
            accept=".json,application/json"
            disabled={disabled}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              // Choosing the same file again after fixing it must fire a change again.
              event.target.value = '';
            }}
            className="w-full min-w-0 text-sm file:mr-2 file:rounded-md file:border-0 file:bg-zinc-100 file:px-2 file:py-1 file:text-sm dark:file:bg-zinc-800"
          />
          {hasFile && !disabled ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setReadError(null);
                // Dropping a file picked in this session just forgets it; a stored one is removed.
                onChange(stored ? { kind: 'remove' } : { kind: 'keep' });
              }}
            >
              <X size={14} aria-hidden="true" /> Remove {label}
            </button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
