import { USER_SQL_FUNCTION, WRITE_CONFIRMATION_FUNCTION } from '@querent/contracts';
import type {
  AssistantModelMessage,
  JSONValue,
  ModelMessage,
  ToolModelMessage,
  ToolResultPart,
  UserModelMessage,
} from 'ai';
import type { AgentMessage } from './agent-port.ts';

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type UserPart = Exclude<UserModelMessage['content'], string>[number];

const NO_RESULT = 'No result: the turn ended (stopped or failed) before this step finished.';

function toolOutput(content: string | null): ToolResultPart['output'] {
  if (content === null) return { type: 'text', value: NO_RESULT };
  try {
    return { type: 'json', value: JSON.parse(content) as JSONValue };
  } catch {
    return { type: 'text', value: content };
  }
}

/** The SQL of a user_sql message: its argument, else the text it was sent as. */
export function sqlOf(argument: unknown, content: string | null): string {
  return typeof argument === 'string' ? argument : (content ?? '');
}

/**
 * The stored conversation as the model reads it. Assistant text and tool calls of one step merge
 * into one assistant message, their results into the tool message after it; a call whose result
 * was never stored (the turn was stopped) gets one saying so, since providers refuse unanswered
 * calls. The user's own SQL and its result become user text, and confirmation cards, which only
 * the chat shows, are left out (the tool result tells the model what the user decided).
 */
export function toModelMessages(records: readonly AgentMessage[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  let assistant: AssistantPart[] | null = null;
  let results: ToolResultPart[] | null = null;
  const open = new Map<string, string>();

  const closeTurnParts = () => {
    if (assistant && assistant.length > 0) messages.push({ role: 'assistant', content: assistant });
    assistant = null;
    const answered = results ?? [];
    for (const [callId, toolName] of open) {
      answered.push({
        type: 'tool-result',
        toolCallId: callId,
        toolName,
        output: { type: 'text', value: NO_RESULT },
      });
    }
    open.clear();
    if (answered.length > 0) messages.push({ role: 'tool', content: answered } satisfies ToolModelMessage);
    results = null;
  };

  const pushUser = (text: string) => {
    closeTurnParts();
    const last = messages.at(-1);
    const part: UserPart = { type: 'text', text };
    if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(part);
    else messages.push({ role: 'user', content: [part] });
  };

  for (const record of records) {
    const call = record.functionCall;
    if (record.role === 'user') {
      const sql = call?.name === USER_SQL_FUNCTION ? sqlOf(call.arguments.query, record.content) : null;
      pushUser(sql === null ? (record.content ?? '') : `I ran this SQL myself:\n\`\`\`sql\n${sql}\n\`\`\``);
    } else if (record.role === 'assistant') {
      if (call?.name === WRITE_CONFIRMATION_FUNCTION) continue;
      if (results) closeTurnParts();
      assistant ??= [];
      if (call && call.callId) {
        assistant.push({
          type: 'tool-call',
          toolCallId: call.callId,
          toolName: call.name,
          input: call.arguments,
        });
        open.set(call.callId, call.name);
      } else if (record.content) {
        assistant.push({ type: 'text', text: record.content });
      }
    } else if (record.role === 'function') {
      if (call?.callId && open.has(call.callId)) {
        results ??= [];
        results.push({
          type: 'tool-result',
          toolCallId: call.callId,
          toolName: call.name,
          output: toolOutput(record.content),
        });
        open.delete(call.callId);
      } else {
        pushUser(`Result of that SQL (query ${record.queryId ?? 'unknown'}):\n${record.content ?? ''}`);
      }
    }
  }
  closeTurnParts();
  return messages;
}
