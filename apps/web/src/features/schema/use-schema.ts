import type { SchemaInfo } from '@querent/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** Whose schema to show: a whole database, or a project's subset of it. */
export interface SchemaSource {
  kind: 'database' | 'project';
  id: string;
}

/** The server caches introspection itself; this only avoids asking again on every visit. */
const SCHEMA_STALE_MS = 5 * 60_000;

export function useSchema(source: SchemaSource, enabled = true) {
  const { api, queryClient } = useServices();
  const queryKey =
    source.kind === 'database' ? queryKeys.databaseSchema(source.id) : queryKeys.projectSchema(source.id);
  const fetchSchema = (refresh: boolean): Promise<SchemaInfo> =>
    source.kind === 'database'
      ? api.databases.schema(source.id, refresh)
      : api.projects.schema(source.id, refresh);

  const schema = useQuery({
    queryKey,
    queryFn: () => fetchSchema(false),
    staleTime: SCHEMA_STALE_MS,
    enabled: enabled && source.id !== '',
  });
  // A refresh asks the engine again (`?refresh=true`); its answer replaces the cached schema.
  const refresh = useMutation({
    mutationFn: () => fetchSchema(true),
    onSuccess: (fresh) => queryClient.setQueryData(queryKey, fresh),
  });
  return { schema, refresh };
}
