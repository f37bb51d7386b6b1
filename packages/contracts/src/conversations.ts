import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';
import { chartConfigSchema } from './charts.ts';
import { resultColumnSchema, resultRowSchema } from './queries.ts';

/** Statuses the server sends; `pending` exists only in the client (sent, not yet acknowledged). */
export const serverConversationStatuses = ['running', 'clear', 'to_stop', 'error'] as const;
export const conversationStatusSchema = z.enum(['pending', ...serverConversationStatuses]);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;
export type ServerConversationStatus = (typeof serverConversationStatuses)[number];

export const messageRoles = ['user', 'assistant', 'function', 'system'] as const;
export type MessageRole = (typeof messageRoles)[number];

/**
 * A tool call or a tool result. `callId` pairs an assistant's call with the `function` message
 * holding its result, so the chat can fold them together under the answer.
 */
export const functionCallSchema = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  callId: z.string().optional(),
});
export type FunctionCall = z.infer<typeof functionCallSchema>;

/**
 * A query run inside a conversation, with the rows the chat shows (at most a thousand; `count`
 * is the true total when known). `rows` and `columns` are null until it ran (a write waiting for
 * confirmation) and when it failed (`error`).
 */
export const chatQuerySchema = z.object({
  id: z.string(),
  sql: z.string(),
  title: z.string().nullable(),
  columns: z.array(resultColumnSchema).nullable(),
  rows: z.array(resultRowSchema).nullable(),
  count: z.number().int().nullable(),
  truncated: z.boolean(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  ranAt: z.string().nullable(),
});
export type ChatQuery = z.infer<typeof chatQuerySchema>;

/**
 * A chart over one query's result, as the charts feature stores it (charts.ts): `config` names the
 * query's result columns, and the chat draws it from the query's rows.
 */
export const chatChartSchema = z.object({
  id: z.string(),
  queryId: z.string(),
  title: z.string(),
  config: chartConfigSchema,
});
export type ChatChart = z.infer<typeof chatChartSchema>;

/** What the turn answering a question cost, in hosted mode where credits are counted. */
export const turnUsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  credits: z.number(),
});
export type TurnUsage = z.infer<typeof turnUsageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(messageRoles),
  content: z.string().nullable(),
  functionCall: functionCallSchema.nullable().optional(),
  /** The query this message ran or shows, with its result in `query`. */
  queryId: z.string().nullable().optional(),
  query: chatQuerySchema.nullable().optional(),
  /** The chart this message made, in `chart` (its rows are the query's). */
  chartId: z.string().nullable().optional(),
  chart: chatChartSchema.nullable().optional(),
  /** On a question: what answering it cost (tokens and credits), once the turn has ended. */
  usage: turnUsageSchema.nullable().optional(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  contextId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(serverConversationStatuses),
  /** Shared with the owner's organisation, read-only; private until then. */
  shared: z.boolean(),
  abilities: abilitiesSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations/{id}: the conversation, its messages in order, and why it last failed. */
export const conversationSchema = conversationSummarySchema.extend({
  error: z.string().nullable(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const listConversationsQuerySchema = z.object({ contextId: z.string().trim().min(1) });

/** POST /api/conversations: `contextId` is `database-{id}` or `project-{id}`. */
export const createConversationBodySchema = z.object({
  contextId: z
    .string()
    .trim()
    .regex(/^(database|project)-.+$/, 'must be database-{id} or project-{id}'),
});
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;

/** PUT /api/conversations/{id} */
export const renameConversationBodySchema = z.object({ name: z.string().trim().min(1).max(200) });
export type RenameConversationBody = z.infer<typeof renameConversationBodySchema>;

/** A question or SQL longer than this is refused; no useful prompt is that long. */
export const MAX_QUESTION_LENGTH = 20_000;
