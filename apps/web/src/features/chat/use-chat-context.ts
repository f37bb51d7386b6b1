import { parseContextId, type SchemaInfo } from '@querent/contracts';
import { useDatabases, useProjects } from '../../api/use-lists.ts';
import { useSchema } from '../schema/use-schema.ts';
import type { TermSource } from './use-term-suggestions.ts';

export interface ChatContextInfo {
  /** The engine of the database behind the context, for SQL dialects. */
  engine: string | null;
  /** The database behind the context (a project's own), where queries saved from the chat go. */
  databaseId: string | null;
  schema: SchemaInfo | null;
  label: string | null;
  /** Whose semantic model suggests terms in the question box: the context itself. */
  termSource: TermSource | null;
}

/** The database or project a conversation is about: its engine and schema. */
export function useChatContext(contextId: string | null): ChatContextInfo {
  const parsed = contextId ? parseContextId(contextId) : null;
  const databases = useDatabases();
  const projects = useProjects();
  const project =
    parsed?.kind === 'project' ? projects.data?.find((item) => item.id === parsed.id) : undefined;
  const databaseId = parsed?.kind === 'database' ? parsed.id : (project?.databaseId ?? null);
  const database = databases.data?.find((item) => item.id === databaseId);
  const { schema } = useSchema({ kind: parsed?.kind ?? 'database', id: parsed?.id ?? '' }, parsed !== null);
  return {
    engine: database?.engine ?? null,
    databaseId: database?.id ?? null,
    schema: schema.data ?? null,
    label: project ? project.name : (database?.name ?? null),
    termSource: parsed,
  };
}
