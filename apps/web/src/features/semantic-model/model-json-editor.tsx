import type { SemanticModel, SemanticModelState } from '@querent/contracts';
import { useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

/** Where a save went wrong: the field the server named (`model.metrics[2].measure`) and why. */
interface SaveProblem {
  field: string | null;
  message: string;
}

function problemOf(error: unknown): SaveProblem {
  if (error instanceof ApiError) return { field: error.field ?? null, message: error.message };
  return { field: null, message: errorMessage(error) };
}

/**
 * The model as JSON text: edited whole and saved as the next version. The server checks it and
 * names the part at fault; the text stays as typed so it can be fixed.
 */
export function ModelJsonEditor({
  model,
  onSave,
  onClose,
}: {
  model: SemanticModel | null;
  onSave: (model: SemanticModel) => Promise<SemanticModelState>;
  onClose: () => void;
}) {
  const [text, setText] = useState(() =>
    JSON.stringify(model ?? { datasets: [], relationships: [], metrics: [] }, null, 2),
  );
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setProblem({ field: null, message: `Not valid JSON: ${errorMessage(error)}` });
      return;
    }
    setSaving(true);
    try {
      // The server is the one judge of the model; a wrong shape comes back as a 400 naming the field.
      await onSave(parsed as SemanticModel);
      setProblem(null);
      onClose();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-label="Edit the model" className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Model (JSON)
        <textarea
          className={`${inputClass} font-mono text-xs`}
          rows={24}
          spellCheck={false}
          aria-invalid={problem !== null}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem.field ? <span className="font-mono font-medium">{problem.field}: </span> : null}
          {problem.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="button" className={buttonClass} disabled={saving} onClick={() => void save()}>
          Save as a new version
        </button>
        <button type="button" className={secondaryButtonClass} disabled={saving} onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
