import type { Actor } from '../access/can.ts';
import { USER_SQL_FUNCTION } from '@querent/contracts';
import { sqlOf } from '../../agent/history.ts';
import { contextBudget } from '../../agent/context-budget.ts';
import { previewForModel } from '../../agent/result-preview.ts';
import { loadOnce } from '../../load-once.ts';
import type { ResolvedContext } from '../context/resolve-context.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatEvents } from './chat-events.ts';
import { type ConversationRecord, nameIfUnnamed } from './conversations.repo.ts';
import { createAgentPort } from './create-agent-port.ts';
import type { MessageRecord } from './messages.repo.ts';
import { presentSummary } from './present-conversation.ts';
import { runChatQuery } from './run-chat-query.ts';
import { storeMessage } from './store-message.ts';
import type { MeteredTurn } from './turn-meter.ts';
import type { LiveTurn } from './turn-registry.ts';

// The analyst's loop brings the AI SDK with it, so it loads at the first question, not at boot.
const loadAgent = loadOnce(() => import('../../agent/run-agent.ts'));

export interface AnswerInput {
  /** The conversation's owner asking, as the turn was authorised for them. */
  asker: Actor;
  context: ResolvedContext;
  events: ChatEvents;
  turn: LiveTurn;
  /** The user's message to answer: a question for the analyst, or SQL of their own. */
  message: MessageRecord;
  /** The turn's account with the user's credits: told each model call's usage. */
  metered: MeteredTurn;
}

/** Runs the user's own SQL as they wrote it (read-only only under safe mode) and shows the result. */
async function answerWithSql(deps: ChatDeps, input: AnswerInput, sql: string): Promise<void> {
  const outcome = await runChatQuery(deps, {
    purpose: 'chat',
    asker: input.asker,
    conversationId: input.turn.conversationId,
    database: input.context.database,
    sql,
    title: null,
    readOnly: false,
    signal: input.turn.signal,
  });
  input.metered.addQuery(outcome.succeeded);
  await storeMessage(deps.db, input.events, {
    conversationId: input.turn.conversationId,
    role: 'function',
    content: JSON.stringify(previewForModel(outcome, contextBudget(deps.llm.contextTokens))),
    functionCall: { name: USER_SQL_FUNCTION, arguments: { query: sql } },
    queryId: outcome.query.id,
  });
}

/** Answers a user message: SQL is run, a question goes to the analyst. */
export async function answerMessage(deps: ChatDeps, input: AnswerInput): Promise<void> {
  const call = input.message.functionCall;
  if (call?.name === USER_SQL_FUNCTION) {
    await answerWithSql(deps, input, sqlOf(call.arguments.query, input.message.content));
    return;
  }
  const { runAgent } = await loadAgent();
  await runAgent(deps, createAgentPort(deps, input));
}

/**
 * A conversation without a name takes its first question's; the sidebar hears of it. One that had
 * a name when the turn read it keeps it (a name is never taken away), so nothing is written. The
 * summary goes to the owner's tabs, where they act in person even when a key asked (MCP), so its
 * abilities are theirs in person.
 */
export async function nameAfterFirstQuestion(
  deps: ChatDeps,
  input: { conversation: ConversationRecord; name: string; events: ChatEvents; user: Actor },
): Promise<void> {
  if (input.conversation.name !== null) return;
  const named = await nameIfUnnamed(deps.db, input.conversation.id, input.name);
  if (named) input.events.conversation(presentSummary(named, { ...input.user, delegated: false }));
}
