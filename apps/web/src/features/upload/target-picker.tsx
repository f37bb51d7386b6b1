import type { Database } from '@querent/contracts';
import { inputClass } from '../../components/form-field.tsx';

/** null: a new upload database; otherwise the id of one of the user's upload databases. */
export type UploadTarget = string | null;

export function TargetPicker({
  databases,
  value,
  onChange,
  disabled,
}: {
  databases: readonly Database[];
  value: UploadTarget;
  onChange: (target: UploadTarget) => void;
  disabled: boolean;
}) {
  const first = databases[0];
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Where should the table go?</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="upload-target" checked={value === null} onChange={() => onChange(null)} />A
        new upload database
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="upload-target"
          checked={value !== null}
          disabled={!first}
          onChange={() => {
            if (first) onChange(first.id);
          }}
        />
        An existing upload database
        {first ? null : <span className="text-zinc-500"> (none yet)</span>}
      </label>
      {value !== null ? (
        <select
          aria-label="Upload database"
          className={`${inputClass} ml-6 max-w-sm`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {databases.map((database) => (
            <option key={database.id} value={database.id}>
              {database.name}
            </option>
          ))}
        </select>
      ) : null}
    </fieldset>
  );
}
