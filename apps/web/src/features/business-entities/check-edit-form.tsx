import type { IssueSeverity } from '@querent/contracts';
import { type SyntheticEvent, useState } from 'react';
import type { QualityCheck } from '../../api/types.ts';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { severities, severityLabels } from '../issues/issue-rules.ts';

export interface CheckJudgement {
  severity: IssueSeverity;
  warn_percent: number;
  fail_percent: number;
}

/** How a check is judged, edited in place: its severity and its warn and fail thresholds. */
export function CheckEditForm({
  check,
  pending,
  onSave,
  onCancel,
}: {
  check: QualityCheck;
  pending: boolean;
  onSave: (judgement: CheckJudgement) => void;
  onCancel: () => void;
}) {
  const [severity, setSeverity] = useState<IssueSeverity>(check.severity);
  const [warn, setWarn] = useState(String(check.warn_percent));
  const [fail, setFail] = useState(String(check.fail_percent));
  const warnValue = Number(warn);
  const failValue = Number(fail);
  const valid =
    warn.trim() !== '' && fail.trim() !== '' && warnValue >= 0 && failValue <= 100 && warnValue <= failValue;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) onSave({ severity, warn_percent: warnValue, fail_percent: failValue });
  }

  return (
    <form
      aria-label={`Edit ${check.title}`}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 text-xs"
    >
      <label className="flex flex-col gap-1">
        Severity
        <select
          value={severity}
          onChange={(event) => setSeverity(event.target.value as IssueSeverity)}
          className={inputClass}
        >
          {severities.map((value) => (
            <option key={value} value={value}>
              {severityLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Warns above (%)
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          value={warn}
          onChange={(event) => setWarn(event.target.value)}
          className={`${inputClass} w-24`}
        />
      </label>
      <label className="flex flex-col gap-1">
        Fails above (%)
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          value={fail}
          onChange={(event) => setFail(event.target.value)}
          className={`${inputClass} w-24`}
        />
      </label>
      <button type="submit" className={buttonClass} disabled={!valid || pending}>
        Save
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
