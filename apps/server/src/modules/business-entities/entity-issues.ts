/**
 * The issues an entity card lists. Issues belong to the issues module, which itself checks the
 * entity an issue names: the app hands this in, so the dependency runs one way only.
 */
export interface EntityIssues {
  /** The database's unresolved issues, most severe first. */
  unresolvedOf(databaseId: string): Promise<readonly { businessEntityId: string | null; title: string }[]>;
}
