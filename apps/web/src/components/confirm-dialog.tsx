import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react';
import { dangerButtonClass, secondaryButtonClass } from './form-field.tsx';

const focusableSelector =
  'a[href], button, input, select, textarea, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `root`, in document order. */
function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled'),
  );
}

/**
 * Keeps Tab and Shift+Tab inside the dialog: the browser's modal dialog makes the page inert but
 * still lets Tab leave for its own toolbar, so the ends wrap round here.
 */
export function wrapTab(event: KeyboardEvent<HTMLElement>): void {
  const tabbables = tabbablesIn(event.currentTarget);
  const first = tabbables[0];
  const last = tabbables.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !tabbables.some((element) => element === active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Asks before something that cannot be undone. A native modal `<dialog>`: the page behind is inert
 * and Tab cycles through the dialog's buttons. Cancel has the focus, so Enter never destroys by
 * accident; Escape and the backdrop cancel too. When it closes, focus goes back to whatever opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel = 'Working…',
  pending = false,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // Open once on mount; the parent closes it by unmounting.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => {
      // Closed first: while it is modal the rest of the page is inert and cannot take focus.
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Handled here rather than left to the browser's cancel, so the parent decides when it closes.
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      wrapTab(event);
    }
  }

  // The browser's own close requests (Escape with the focus lost, a back gesture) cancel as well.
  function onNativeCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onCancel();
  }

  // A click on the dialog element itself, not its content, is a click on the backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onCancel();
  }

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={onNativeCancel}
      onClick={onClick}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="text-sm text-zinc-700 dark:text-zinc-300">
          {children}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button ref={cancel} type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
