import type { ChatChart, ChatQuery, WriteConfirmationArguments } from '@querent/contracts';
import type { ChatMessage } from './chat-types.ts';

// Names fixed by @querent/contracts' chat-messages.ts; repeated here as plain strings so the web
// bundle takes no runtime value from that module.
const USER_SQL = 'user_sql';
const CONFIRM_WRITE = 'confirm_write';

/** What the message list draws, in order. */
export type ChatBlock =
  | { kind: 'user'; message: ChatMessage; sql: string | null }
  /** The result of SQL the user typed, shown as it is, not folded. */
  | { kind: 'user-result'; message: ChatMessage; query: ChatQuery | null }
  /** An answer, with the tool calls and results that led to it folded under it. */
  | {
      kind: 'answer';
      message: ChatMessage;
      steps: ChatMessage[];
      questionId: string | null;
      /** The words of the question it answers (none when the user sent SQL). */
      question: string | null;
    }
  /** Steps with no answer after them (yet): the analyst is working, or the turn ended without one. */
  | { kind: 'steps'; steps: ChatMessage[] }
  | { kind: 'write'; message: ChatMessage; write: WriteConfirmationArguments };

export interface ChatView {
  blocks: ChatBlock[];
  /** Results and charts by id, for the `{{query:…}}` / `{{chart:…}}` embeds of answers. */
  queries: Map<string, ChatQuery>;
  charts: Map<string, ChatChart>;
  /** The last question asked, which Regenerate runs again after a failed turn. */
  lastQuestionId: string | null;
}

function stringArgument(message: ChatMessage, name: string): string | null {
  const value = message.functionCall?.arguments[name];
  return typeof value === 'string' ? value : null;
}

export function writeArguments(message: ChatMessage): WriteConfirmationArguments | null {
  if (message.role !== 'assistant' || message.functionCall?.name !== CONFIRM_WRITE) return null;
  const args = message.functionCall.arguments;
  const queryId = args.queryId;
  const query = args.query;
  if (typeof queryId !== 'string' || typeof query !== 'string') return null;
  const status = args.status;
  return {
    queryId,
    query,
    operation: typeof args.operation === 'string' ? args.operation : 'WRITE',
    reason: typeof args.reason === 'string' ? args.reason : '',
    status: status === 'confirmed' || status === 'rejected' || status === 'cancelled' ? status : 'pending',
  };
}

/** The SQL a step ran or an assistant call asks to run, if any. */
export function stepSql(message: ChatMessage): string | null {
  return message.query?.sql ?? stringArgument(message, 'query') ?? stringArgument(message, 'sql');
}

function isAnswer(message: ChatMessage): boolean {
  return message.role === 'assistant' && !message.functionCall && (message.content ?? '').trim() !== '';
}

/** Groups a conversation's messages into what the chat shows, with internal steps folded. */
export function buildChatView(messages: readonly ChatMessage[]): ChatView {
  const blocks: ChatBlock[] = [];
  const queries = new Map<string, ChatQuery>();
  const charts = new Map<string, ChatChart>();
  let steps: ChatMessage[] = [];
  let questionId: string | null = null;
  let question: string | null = null;

  const flushSteps = () => {
    if (steps.length > 0) blocks.push({ kind: 'steps', steps });
    steps = [];
  };

  for (const message of messages) {
    if (message.query) queries.set(message.query.id, message.query);
    if (message.chart) charts.set(message.chart.id, message.chart);
    if (message.role === 'system') continue;

    if (message.role === 'user') {
      flushSteps();
      questionId = message.id;
      question = message.functionCall?.name === USER_SQL ? null : message.content;
      blocks.push({
        kind: 'user',
        message,
        sql: message.functionCall?.name === USER_SQL ? stringArgument(message, 'query') : null,
      });
      continue;
    }
    if (message.role === 'function' && message.functionCall?.name === USER_SQL) {
      flushSteps();
      blocks.push({ kind: 'user-result', message, query: message.query ?? null });
      continue;
    }
    const write = writeArguments(message);
    if (write) {
      flushSteps();
      blocks.push({ kind: 'write', message, write });
      continue;
    }
    if (isAnswer(message)) {
      blocks.push({ kind: 'answer', message, steps, questionId, question });
      steps = [];
      continue;
    }
    steps.push(message);
  }
  flushSteps();
  return { blocks, queries, charts, lastQuestionId: questionId };
}
