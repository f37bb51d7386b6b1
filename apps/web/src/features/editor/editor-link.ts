/** The editor opened on this SQL as a new, unsaved query on this database. */
export function editorLinkFor(sql: string, databaseId: string): string {
  return `/editor?${new URLSearchParams({ sql, database: databaseId }).toString()}`;
}
