/** A context is a project or a database the user talks about; its id is `{kind}-{id}`. */
export type ContextKind = 'project' | 'database';

export function contextId(kind: ContextKind, id: string): string {
  return `${kind}-${id}`;
}

/** Parses `project-{id}` / `database-{id}`; null for anything else. */
export function parseContextId(value: string): { kind: ContextKind; id: string } | null {
  const match = /^(project|database)-(.+)$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1] as ContextKind, id: match[2] };
}
