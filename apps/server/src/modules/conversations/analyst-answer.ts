import type { ChatQuery, FigureStanding, Message, SemanticModelSource, TurnUsage } from '@querent/contracts';
import { figureStandingSchema, semanticModelSources } from '@querent/contracts';
import { z } from 'zod';
import type { StoreDb } from '../../store/connect.ts';
import { findConversation } from './conversations.repo.ts';
import { listMessages } from './messages.repo.ts';
import { presentMessages } from './present-conversation.ts';

/**
 * What one query of an answer stands on, as the analyst's tools said when it ran: the semantic
 * model's metrics (certified or not), a verified query a person checked, or SQL the analyst wrote.
 */
export type AnswerStanding =
  | { kind: 'metrics'; figures: FigureStanding[]; modelSource: SemanticModelSource }
  | { kind: 'verified_query'; id: string; title: string | null }
  | { kind: 'free_sql' };

export interface AnswerQuery {
  /** The analyst's tool that ran it (run_sql, query_metrics). */
  tool: string;
  query: ChatQuery;
  standsOn: AnswerStanding;
}

/** One question's answer, read back from its conversation once the turn has ended. */
export interface AnalystAnswer {
  conversationId: string;
  /** answered; failed (`error` says why, in the chat's words); stopped before the end. */
  outcome: 'answered' | 'failed' | 'stopped';
  error: string | null;
  /** The analyst's words, as the chat shows them (results embedded as `{{query:id}}` / `{{chart:id}}`). */
  text: string | null;
  /** The queries the turn ran (or refused to run), in order, with their kept rows. */
  queries: AnswerQuery[];
  /** The charts it made, to name where the text embeds one. */
  charts: { id: string; queryId: string; title: string }[];
  /** What the turn cost, when credits are counted. */
  usage: TurnUsage | null;
}

/** What the analyst's query tools put in their result beside the rows. */
const toolOutputSchema = z.looseObject({
  standsOn: z
    .array(
      z.union([
        figureStandingSchema,
        z.object({ kind: z.literal('verified_query'), id: z.string(), title: z.string().nullable() }),
      ]),
    )
    .optional(),
  modelSource: z.enum(semanticModelSources).optional(),
});

function standingOf(message: Message): AnswerStanding {
  let output: unknown;
  try {
    output = JSON.parse(message.content ?? 'null');
  } catch {
    return { kind: 'free_sql' };
  }
  const parsed = toolOutputSchema.safeParse(output);
  if (!parsed.success || parsed.data.standsOn === undefined) return { kind: 'free_sql' };
  const { standsOn, modelSource } = parsed.data;
  const verified = standsOn.find((entry) => entry.kind === 'verified_query');
  if (verified) return { kind: 'verified_query', id: verified.id, title: verified.title };
  const figures = standsOn.filter((entry) => entry.kind !== 'verified_query');
  return { kind: 'metrics', figures, modelSource: modelSource ?? 'saved' };
}

/**
 * The answer a turn left in its conversation: the text of the analyst's answers, every query its
 * tools ran with what it stands on, the charts, the cost and how the turn ended, all read from
 * what the chat stores (so it is the answer the person sees in the web app).
 */
export async function readAnalystAnswer(
  db: StoreDb,
  input: { conversationId: string; stopped: boolean },
): Promise<AnalystAnswer> {
  const [record, records] = await Promise.all([
    findConversation(db, input.conversationId),
    listMessages(db, input.conversationId),
  ]);
  const messages = await presentMessages(db, records);
  const texts: string[] = [];
  const queries: AnswerQuery[] = [];
  const charts: AnalystAnswer['charts'] = [];
  for (const message of messages) {
    if (message.role === 'assistant' && message.functionCall === null && message.content) {
      texts.push(message.content);
    }
    if (message.role !== 'function') continue;
    if (message.query) {
      queries.push({
        tool: message.functionCall?.name ?? 'run_sql',
        query: message.query,
        standsOn: standingOf(message),
      });
    }
    if (message.chart) {
      charts.push({ id: message.chart.id, queryId: message.chart.queryId, title: message.chart.title });
    }
  }
  const failed = record?.status === 'error';
  return {
    conversationId: input.conversationId,
    outcome: failed ? 'failed' : input.stopped ? 'stopped' : 'answered',
    error: failed ? (record.error ?? 'The analyst could not answer') : null,
    text: texts.length > 0 ? texts.join('\n\n') : null,
    queries,
    charts,
    usage: messages.find((message) => message.role === 'user')?.usage ?? null,
  };
}
