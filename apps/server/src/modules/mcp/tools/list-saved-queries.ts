import { z } from 'zod';
import { listQueries } from '../../queries/list-queries.ts';
import { defineTool } from '../mcp-tool.ts';
import { databaseIdInput } from './database-id.ts';

/** Saved queries one answer lists; a longer list wants a database to narrow it. */
const LISTED = 100;
/** A listed query's SQL is cut here: run_saved_query runs the whole of it. */
const SQL_CHARS = 2000;

const outputSchema = z.object({
  queries: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      question: z.string().nullable().describe('The question it answers, in words, when its owner said.'),
      databaseId: z.string(),
      verified: z.boolean().describe('Checked by its owner: a trusted answer to its question.'),
      sharedWithYou: z.boolean().describe("A colleague's query shared with your organisation."),
      sql: z.string(),
    }),
  ),
  note: z.string().optional(),
});

/** GET /api/queries (your own saved queries) and GET /api/queries?shared=true (colleagues'). */
export const listSavedQueriesTool = defineTool({
  name: 'list_saved_queries',
  scope: 'metadata:read',
  title: 'List saved queries',
  description:
    'Saved queries you may run: your own and those colleagues shared with you, verified ones first (a verified query is a checked, trusted answer to its question; `verifiedOnly` lists only those). Run one with run_saved_query.',
  inputSchema: z.object({
    databaseId: databaseIdInput
      .optional()
      .describe('Only the queries of this database (from list_databases).'),
    verifiedOnly: z.boolean().optional().describe('Only verified queries (default false).'),
  }),
  outputSchema,
  async run(input, { deps, user }) {
    const filter = { databaseId: input.databaseId, saved: true };
    const [own, shared] = await Promise.all([
      listQueries(deps, { user, filter: { ...filter, shared: false } }),
      listQueries(deps, { user, filter: { ...filter, shared: true } }),
    ]);
    const ownIds = new Set(own.map((query) => query.id));
    const all = [
      ...own.map((query) => ({ query, sharedWithYou: false })),
      ...shared.filter((query) => !ownIds.has(query.id)).map((query) => ({ query, sharedWithYou: true })),
    ].filter(({ query }) => input.verifiedOnly !== true || query.verified);
    // Verified first, each group in the routes' order (newest change first).
    all.sort((a, b) => Number(b.query.verified) - Number(a.query.verified));
    const shown = all.slice(0, LISTED);
    const cut = shown.some(({ query }) => query.sql.length > SQL_CHARS);
    const notes = [
      ...(all.length > shown.length
        ? [`${all.length - shown.length} more not listed; pass a databaseId to narrow the list.`]
        : []),
      ...(cut ? [`SQL longer than ${SQL_CHARS} characters is cut, ending in "…".`] : []),
    ];
    return {
      queries: shown.map(({ query, sharedWithYou }) => ({
        id: query.id,
        title: query.title,
        question: query.question,
        databaseId: query.databaseId,
        verified: query.verified,
        sharedWithYou,
        sql: query.sql.length > SQL_CHARS ? `${query.sql.slice(0, SQL_CHARS)}…` : query.sql,
      })),
      ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
    };
  },
});
