import type { SemanticModel, SemanticModelState } from '@querent/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

/**
 * Brings an old version back by saving its model as the next version (the history keeps every
 * version, so nothing is lost). It is sent with the version the page shows as current: when
 * someone saved since, the server refuses (409) and this says so, with a way to read the model
 * again before deciding.
 */
export function RestoreVersion({
  databaseId,
  version,
  currentVersion,
  model,
  onRestore,
  onRestored,
}: {
  databaseId: string;
  version: number;
  currentVersion: number;
  model: SemanticModel;
  onRestore: (model: SemanticModel) => Promise<SemanticModelState>;
  onRestored: (state: SemanticModelState) => void;
}) {
  const queryClient = useQueryClient();
  const helpId = useId();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ stale: boolean; message: string } | null>(null);

  async function restore() {
    setPending(true);
    setFailure(null);
    try {
      onRestored(await onRestore(model));
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      setFailure({ stale, message: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  function reload() {
    setFailure(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.semanticModel(databaseId) });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={pending}
          aria-describedby={helpId}
          onClick={() => void restore()}
        >
          <RotateCcw size={14} aria-hidden="true" /> {pending ? 'Restoring…' : `Restore version ${version}`}
        </button>
      </div>
      <p id={helpId} className="text-xs text-zinc-600 dark:text-zinc-400">
        Saves this model as version {currentVersion + 1}; the history keeps every version. A metric stays
        certified only where the current model vouches for the same definition.
      </p>
      {failure ? (
        <div role="alert" className="flex flex-col gap-2 text-sm text-red-700 dark:text-red-400">
          <p>
            {failure.stale ? (
              <span className="font-medium">Not restored: someone saved the model since. </span>
            ) : null}
            {failure.message}
          </p>
          {failure.stale ? (
            <div>
              <button type="button" className={secondaryButtonClass} onClick={reload}>
                Read the current model again
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
