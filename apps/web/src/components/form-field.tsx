import { type ReactNode, useId } from 'react';

export const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm shadow-xs outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 disabled:bg-zinc-100 disabled:text-zinc-500 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:disabled:bg-zinc-900';

export const secondaryButtonClass =
  'inline-flex items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

export const dangerButtonClass =
  'inline-flex items-center gap-2 rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-50';

/** What a field hands its control so the label, help and error are announced with it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled input with its help text and error. The error sits next to the input it is about
 * (a 400's `field` lands here) and is part of the input's accessible description.
 */
export function FormField({
  label,
  required = false,
  help,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  help?: ReactNode;
  error?: string | null | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? null : <span className="font-normal text-zinc-500"> (optional)</span>}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** An on/off setting with the sentence that explains what it does. */
export function ToggleField({
  label,
  description,
  checked,
  disabled = false,
  error,
  onChange,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  error?: string | null | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-indigo-600"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {description}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
