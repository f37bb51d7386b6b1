import { Upload, X } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';
import { FormField, inputClass, secondaryButtonClass } from '../components/form-field.tsx';
import { buttonClass, Page } from '../components/page.tsx';
import { DropZone } from '../features/upload/drop-zone.tsx';
import { TargetPicker, type UploadTarget } from '../features/upload/target-picker.tsx';
import { checkFile, formatBytes } from '../features/upload/upload-checks.ts';
import { UploadSuccess } from '../features/upload/upload-success.tsx';
import { useUpload, useUploadOptions } from '../features/upload/use-upload.ts';
import { errorMessage } from '../lib/api-error.ts';

/** /upload: a file becomes a table of a DuckDB database of the user's, ready to ask about. */
export function UploadPage() {
  const options = useUploadOptions();
  const upload = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<UploadTarget>(null);
  const [tableName, setTableName] = useState('');

  const maxBytes = options.data?.maxBytes ?? null;
  const databases = options.data?.databases ?? [];
  const problem = file ? checkFile(file, maxBytes) : null;
  const uploading = upload.state.status === 'uploading';
  // A database chosen earlier may have been deleted since.
  const chosen = target !== null && databases.some((database) => database.id === target) ? target : null;

  const choose = (next: File) => {
    setFile(next);
    upload.reset();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || problem || uploading) return;
    void upload.start({ file, databaseId: chosen, tableName: tableName.trim() || null });
  };

  return (
    <Page title="Upload a file">
      <p className="-mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        Each file becomes a table you can ask about and query with SQL
        {maxBytes === null ? '' : `, up to ${formatBytes(maxBytes)}`}. Spreadsheets load their first sheet,
        with the first row as column names.
      </p>
      <form className="flex max-w-2xl flex-col gap-5" onSubmit={submit} aria-label="Upload">
        <DropZone
          onFile={choose}
          disabled={uploading}
          fileName={file ? `${file.name} (${formatBytes(file.size)})` : null}
        />
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        {options.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(options.error)}
          </p>
        ) : null}
        <TargetPicker databases={databases} value={chosen} onChange={setTarget} disabled={uploading} />
        <FormField
          label="Table name"
          help="Defaults to the file name. Lowercase letters, digits and underscores; a taken name gets _2, _3…"
        >
          {(control) => (
            <input
              {...control}
              className={`${inputClass} max-w-sm`}
              value={tableName}
              disabled={uploading}
              maxLength={63}
              onChange={(event) => setTableName(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass} disabled={!file || problem !== null || uploading}>
            <Upload size={16} aria-hidden="true" />{' '}
            {upload.state.status === 'uploading' ? `Uploading… ${upload.state.percent}%` : 'Upload'}
          </button>
          {uploading ? (
            <button type="button" className={secondaryButtonClass} onClick={upload.cancel}>
              <X size={16} aria-hidden="true" /> Cancel
            </button>
          ) : null}
        </div>
      </form>
      {upload.state.status === 'failed' ? (
        <p
          role="alert"
          className="max-w-2xl rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {upload.state.message}
        </p>
      ) : null}
      {upload.state.status === 'done' ? <UploadSuccess result={upload.state.result} /> : null}
    </Page>
  );
}
