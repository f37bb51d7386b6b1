import type { CredentialWarning } from '@querent/contracts';
import { TriangleAlert } from 'lucide-react';

/** What the connection's login may do beyond reading, and the grants of a read-only login instead. */
export function CredentialWarningNote({ warning }: { warning: CredentialWarning }) {
  return (
    <div
      role="status"
      aria-label="Credentials more powerful than reading needs"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <TriangleAlert size={16} aria-hidden="true" /> This login can do more than Querent needs to read:
      </p>
      <ul className="list-disc pl-6">
        {warning.found.map((finding) => (
          <li key={finding}>{finding}</li>
        ))}
      </ul>
      <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-white/60 p-2 font-mono text-xs dark:bg-black/30">
        {warning.fix}
      </pre>
    </div>
  );
}
