import type { EntityIssues } from '../business-entities/entity-issues.ts';
import type { AskAnalyst } from '../conversations/ask-analyst.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { FavoriteFlags } from '../queries/favorite-flags.ts';
import type { RunQueryDeps } from '../queries/run-query.ts';

/** What the MCP tools share: the same dependencies the REST routes of each feature are given. */
export interface McpDeps extends RunQueryDeps, SchemaDeps {
  /** Saved queries show the user's stars, as on GET /api/queries. */
  favorites: FavoriteFlags;
  /** Business entities list their open issues, as on GET /api/business-entities. */
  entityIssues: EntityIssues;
  /** The chat's analyst, asked in a new conversation of the person's (ask_analyst). */
  askAnalyst: AskAnalyst;
}
