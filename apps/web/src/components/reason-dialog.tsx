import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { wrapTab } from './confirm-dialog.tsx';
import { inputClass, secondaryButtonClass } from './form-field.tsx';
import { buttonClass } from './page.tsx';

/**
 * Asks why before an action that needs a reason (dismissing an issue, muting a check). A native
 * modal `<dialog>` with the reason's field focused; the action stays off until a reason is
 * written. Escape and Cancel close it without acting.
 */
export function ReasonDialog({
  title,
  label,
  confirmLabel,
  help,
  pending = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  label: string;
  confirmLabel: string;
  help?: string | undefined;
  pending?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const fieldId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    field.current?.focus();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      wrapTab(event);
    }
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim() !== '') onConfirm(reason.trim());
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form className="flex flex-col gap-4 p-5" onSubmit={submit}>
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <label htmlFor={fieldId} className="flex flex-col gap-1 text-sm font-medium">
          {label}
          <textarea
            ref={field}
            id={fieldId}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={`${inputClass} font-normal`}
          />
        </label>
        {help ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{help}</p> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={pending || reason.trim() === ''}>
            {pending ? 'Saving…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
