import type { Database } from '@querent/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { dangerButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useDeleteDatabase } from './use-delete-database.ts';

/** Says exactly what goes with a database, and that the real database is left alone. */
export const deleteDatabaseWarning =
  'This deletes the database connection and its projects, conversations, saved queries, business entities and issues in Querent. The database itself is not touched.';

export function DeleteDatabaseSection({ database }: { database: Database }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteDatabase(database.id, database.name);
  return (
    <section
      aria-labelledby="delete-database-heading"
      className="flex flex-col items-start gap-2 rounded-lg border border-red-200 p-4 dark:border-red-900"
    >
      <h2 id="delete-database-heading" className="text-base font-semibold">
        Delete this database
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Removes it from Querent with everything made from it. The database itself stays as it is.
      </p>
      <button type="button" className={dangerButtonClass} onClick={() => setAsking(true)}>
        <Trash2 size={16} aria-hidden="true" /> Delete
      </button>
      {asking ? (
        <ConfirmDialog
          title={`Delete ${database.name}?`}
          confirmLabel="Delete database"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setAsking(false);
          }}
        >
          <p>{deleteDatabaseWarning}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
