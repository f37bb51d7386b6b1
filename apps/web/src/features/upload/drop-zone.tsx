import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { acceptAttribute } from './upload-checks.ts';

/** A drop target that is also a file picker; the last file dropped or chosen wins. */
export function DropZone({
  onFile,
  disabled,
  fileName,
}: {
  onFile: (file: File) => void;
  disabled: boolean;
  fileName: string | null;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      htmlFor={inputId}
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center text-sm ${
        over
          ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
          : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700'
      } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <FileUp size={28} aria-hidden="true" className="text-zinc-500" />
      <span className="font-medium">{fileName ?? 'Drop a file here, or click to choose one'}</span>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">
        CSV, TSV, JSON, Parquet or Excel (.xlsx)
      </span>
      <input
        id={inputId}
        type="file"
        aria-label="File to upload"
        accept={acceptAttribute}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.item(0);
          if (file) onFile(file);
          // The same file chosen again after a fix must fire change again.
          event.target.value = '';
        }}
      />
    </label>
  );
}
