import { z } from 'zod';

/*
 * How the chat reads the messages of a conversation: which tool made a step, which message is a
 * write waiting for the user, and how an answer embeds the results and charts it refers to.
 */

/** The analyst's tools; a `functionCall.name` on assistant and function messages. */
export const agentToolNames = [
  'search_schema',
  'describe_table',
  'sample_rows',
  'column_values',
  'run_sql',
  'list_metrics',
  'query_metrics',
  'create_chart',
  'save_memory',
  'scan_database',
  'analyze_entity',
  'profile_table',
  'propose_entity',
  'propose_checks',
  'run_checks',
  'explain_score',
  'open_issue',
  'triage_issue',
  'mute_check',
] as const;
export type AgentToolName = (typeof agentToolNames)[number];

/**
 * `functionCall.name` of the user's own SQL (socket `query`): on the user message that carries it
 * (`arguments.query`) and on the function message with its result (`query`).
 */
export const USER_SQL_FUNCTION = 'user_sql';

/**
 * `functionCall.name` of an assistant message asking the user to confirm a write the analyst wants
 * to run. The chat shows a card with the SQL and the operation, and answers with
 * `confirmWriteOperation` or `rejectWriteOperation` (conversation id, `arguments.queryId`). The
 * same message is sent again (same id) when its status changes.
 */
export const WRITE_CONFIRMATION_FUNCTION = 'confirm_write';

export const writeConfirmationStatuses = ['pending', 'confirmed', 'rejected', 'cancelled'] as const;
export type WriteConfirmationStatus = (typeof writeConfirmationStatuses)[number];

export const writeConfirmationArgumentsSchema = z.object({
  queryId: z.string(),
  /** The SQL that would run. */
  query: z.string(),
  /** Its first verb: INSERT, UPDATE, DELETE, CREATE, DROP… */
  operation: z.string(),
  /** Why it counts as a write, in the classifier's words. */
  reason: z.string(),
  status: z.enum(writeConfirmationStatuses),
});
export type WriteConfirmationArguments = z.infer<typeof writeConfirmationArgumentsSchema>;

/**
 * An answer embeds a result table or a chart made earlier in the same conversation with
 * `{{query:<id>}}` or `{{chart:<id>}}` on a line of its own. Each id is one of a `function`
 * message's `queryId` / `chartId` in that conversation, so the chat finds the data there.
 */
export const messageReferencePattern = /\{\{(query|chart):([A-Za-z0-9_-]+)\}\}/g;

export type MessageSegment =
  | { type: 'markdown'; text: string }
  | { type: 'query'; id: string }
  | { type: 'chart'; id: string };

export function queryReference(id: string): string {
  return `{{query:${id}}}`;
}

export function chartReference(id: string): string {
  return `{{chart:${id}}}`;
}

/** Splits an answer into markdown and the embeds between it, in order. */
export function splitMessageReferences(content: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(new RegExp(messageReferencePattern.source, 'g'))) {
    const index = match.index;
    if (index > last) segments.push({ type: 'markdown', text: content.slice(last, index) });
    segments.push({ type: match[1] === 'chart' ? 'chart' : 'query', id: match[2] ?? '' });
    last = index + match[0].length;
  }
  if (last < content.length) segments.push({ type: 'markdown', text: content.slice(last) });
  return segments;
}
