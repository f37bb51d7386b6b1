import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { dangerButtonClass } from './form-field.tsx';

/** The part of a mutation the section drives: start it, show its progress and error, reset it. */
export interface DeleteMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: () => void;
  reset: () => void;
}

/** An edit page's danger zone: a Delete button and a confirmation that says what goes with it. */
export function DeleteSection(props: {
  id: string;
  heading: string;
  description?: string;
  itemName: string;
  confirmLabel: string;
  warning: string;
  remove: DeleteMutation;
}) {
  const { remove } = props;
  const [asking, setAsking] = useState(false);
  const headingId = `${props.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-2 rounded-lg border border-red-200 p-4 dark:border-red-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {props.heading}
      </h2>
      {props.description ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{props.description}</p>
      ) : null}
      <button type="button" className={dangerButtonClass} onClick={() => setAsking(true)}>
        <Trash2 size={16} aria-hidden="true" /> Delete
      </button>
      {asking ? (
        <ConfirmDialog
          title={`Delete ${props.itemName}?`}
          confirmLabel={props.confirmLabel}
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setAsking(false);
          }}
        >
          <p>{props.warning}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
