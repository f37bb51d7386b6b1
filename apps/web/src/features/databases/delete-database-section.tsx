import type { Database } from '@querent/contracts';
import { DeleteSection } from '../../components/delete-section.tsx';
import { useDeleteDatabase } from './use-delete-database.ts';

/** Says exactly what goes with a database, and that the real database is left alone. */
export const deleteDatabaseWarning =
  'This deletes the database connection and its projects, conversations, saved queries, business entities and issues in Querent. The database itself is not touched.';

export function DeleteDatabaseSection({ database }: { database: Database }) {
  const remove = useDeleteDatabase(database.id, database.name);
  return (
    <DeleteSection
      id="delete-database"
      heading="Delete this database"
      description="Removes it from Querent with everything made from it. The database itself stays as it is."
      itemName={database.name}
      confirmLabel="Delete database"
      warning={deleteDatabaseWarning}
      remove={remove}
    />
  );
}
