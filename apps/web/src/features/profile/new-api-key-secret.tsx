import type { CreatedApiKey } from '@querent/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { writeClipboard } from '../../components/results-grid/clipboard.ts';
import { errorMessage } from '../../lib/api-error.ts';

/**
 * The secret of the key just made: shown this once (the server keeps only a hash of it), with a
 * copy button, until the person dismisses it.
 */
export function NewApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);
  return (
    <div
      role="status"
      aria-label="New API key"
      className="flex flex-col gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950"
    >
      <p className="font-medium">“{created.name}” is ready. Copy it now: it will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="API key secret"
          className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs dark:bg-zinc-900"
        >
          {created.secret}
        </code>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            writeClipboard(created.secret).then(
              () => setCopied(true),
              (error: unknown) => setCopyError(errorMessage(error)),
            );
          }}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Done
        </button>
      </div>
      {copyError ? <p role="alert">{copyError}</p> : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Send it as <code>Authorization: Bearer {created.prefix}…</code> to the REST API or to{' '}
        <code>{window.location.origin}/mcp</code>.
      </p>
    </div>
  );
}
