import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';

/**
 * The shared view: saved queries colleagues shared with the user's organisation on the selected
 * database, each opening in the editor (read-only for them; saving makes a copy of their own).
 */
export function SharedQueriesSection({ databaseId }: { databaseId: string }) {
  const { api } = useServices();
  const shared = useQuery({
    queryKey: queryKeys.sharedQueries(databaseId),
    queryFn: () => api.queries.sharedWithMe(databaseId),
  });
  let body;
  if (shared.isPending) {
    body = (
      <p role="status" className="text-sm text-zinc-500">
        Loading shared queries…
      </p>
    );
  } else if (shared.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        Could not load the shared queries: {errorMessage(shared.error)}
      </p>
    );
  } else if (shared.data.length === 0) {
    body = (
      <p className="text-sm text-zinc-500">Nothing shared with your organisation on this database yet.</p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-1">
        {shared.data.map((query) => (
          <li key={query.id}>
            <Link
              to={`/query/${query.id}`}
              className="text-sm text-sky-700 hover:underline dark:text-sky-400"
            >
              {query.title ?? 'Untitled query'}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="shared-queries" className="flex flex-col gap-3">
      <h2 id="shared-queries" className="text-base font-semibold">
        Shared with my organisation
      </h2>
      {body}
    </section>
  );
}
