import { type ConnectionField, type Engine, engineDescriptors, SECRET_MASK } from '@querent/contracts';
import { type ControlProps, FormField, inputClass } from '../../components/form-field.tsx';

function DetailInput({
  field,
  value,
  disabled,
  control,
  onChange,
}: {
  field: ConnectionField;
  value: string;
  disabled: boolean;
  control: ControlProps;
  onChange: (value: string) => void;
}) {
  // A stored secret shows as the mask; focusing selects it so typing replaces it in one go.
  const selectMask = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    if (event.currentTarget.value === SECRET_MASK) event.currentTarget.select();
  };
  if (field.input === 'textarea') {
    return (
      <textarea
        {...control}
        value={value}
        disabled={disabled}
        rows={value === SECRET_MASK ? 1 : 5}
        spellCheck={false}
        placeholder={field.placeholder}
        onFocus={selectMask}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} font-mono text-xs`}
      />
    );
  }
  return (
    <input
      {...control}
      type={field.input === 'password' ? 'password' : field.input === 'port' ? 'number' : 'text'}
      value={value}
      disabled={disabled}
      placeholder={field.placeholder}
      autoComplete={field.input === 'password' ? 'new-password' : 'off'}
      spellCheck={false}
      onFocus={selectMask}
      onChange={(event) => onChange(event.target.value)}
      className={inputClass}
    />
  );
}

// Paths and pasted keys are long; half a row would hide most of them.
function wide(field: ConnectionField): boolean {
  return field.input === 'textarea' || field.localPath === true;
}

function helpFor(field: ConnectionField, value: string): string | undefined {
  if (value === SECRET_MASK) return 'Stored and hidden. Leave it to keep it, or type a new one.';
  return field.help;
}

/** The connection details of one engine, with each field's error from the server beside it. */
export function ConnectionFields({
  engine,
  values,
  errors,
  disabled,
  onChange,
}: {
  engine: Engine;
  values: Record<string, string>;
  /** Keyed by the server's field name, e.g. `details.host`. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
}) {
  const { fields, alternativesTitle } = engineDescriptors[engine];
  const render = (field: ConnectionField) => {
    const value = values[field.name] ?? '';
    return (
      <div key={field.name} className={wide(field) ? 'sm:col-span-2' : undefined}>
        <FormField
          label={field.label}
          required={field.required}
          help={helpFor(field, value)}
          error={errors[`details.${field.name}`]}
        >
          {(control) => (
            <DetailInput
              field={field}
              value={value}
              disabled={disabled}
              control={control}
              onChange={(next) => onChange(field.name, next)}
            />
          )}
        </FormField>
      </div>
    );
  };

  const main = fields.filter((field) => !field.alternative);
  const alternatives = fields.filter((field) => field.alternative);
  // Open when in use, or when the server blames one of its fields.
  const alternativeInUse = alternatives.some(
    (field) => (values[field.name] ?? '') !== '' || errors[`details.${field.name}`] !== undefined,
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{main.map(render)}</div>
      {alternatives.length ? (
        <details
          open={alternativeInUse}
          className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
        >
          <summary className="cursor-pointer text-sm font-medium">{alternativesTitle}</summary>
          <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">{alternatives.map(render)}</div>
        </details>
      ) : null}
    </div>
  );
}
