import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../../connectors/index.ts';

/*
 * What the offline analyst knows at a step, read from the request alone, as every model would: the
 * latest question, the SQL dialect the instructions name, and the tool calls it made since the
 * question with their results. It keeps no memory between calls, so a regenerated answer or a
 * restarted server goes the same way.
 */

export interface ToolExchange {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** The tool's JSON output; a text output (a trimmed or missing result) as `{ error }`. */
  output: Record<string, unknown> | null;
}

export interface OfflineState {
  question: string;
  /** The questions asked before it in the conversation, oldest first (for follow-ups). */
  earlier: string[];
  dialect: SqlDialect | null;
  /** Today where the user is (YYYY-MM-DD), from the instructions' "Now:" line; null when not said. */
  today: string | null;
  exchanges: ToolExchange[];
  /** Tools offered at this step; none on the last step, where the model must answer. */
  tools: ReadonlySet<string>;
}

// The instructions name the dialect by its title in their "Write SQL for …" line (agent/instructions.ts).
const dialectNames: [RegExp, SqlDialect][] = Object.values(sqlDialects).map((dialect) => [
  new RegExp(`Write SQL for ${dialect.title}\\b`),
  dialect.name,
]);

// The instructions' clock line: "Now: Saturday 2026-11-28 15:32 in Europe/Paris …" (agent/current-time.ts).
const todayPattern = /^Now: \w+ (\d{4}-\d{2}-\d{2})\b/m;

function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function parseInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

export function readState(options: LanguageModelV4CallOptions): OfflineState {
  const { prompt } = options;
  const system = systemText(prompt);
  const dialect = dialectNames.find(([pattern]) => pattern.test(system))?.[1] ?? null;
  const today = todayPattern.exec(system)?.[1] ?? null;
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const userMessage = prompt[lastUser];
  // The last text: the history merges a user's own SQL and its result into the same message.
  const texts =
    userMessage?.role === 'user' ? userMessage.content.filter((part) => part.type === 'text') : [];
  const question = texts.at(-1)?.text.trim() ?? '';
  const earlier = prompt
    .slice(0, Math.max(0, lastUser))
    .flatMap((message) =>
      message.role === 'user' ? message.content.filter((part) => part.type === 'text') : [],
    )
    .map((part) => part.text.trim())
    // The user's own SQL and its result come as user text too; they are not questions.
    .filter((text) => text !== '' && !/^(?:I ran this SQL myself|Result of that SQL)/.test(text));
  const exchanges: ToolExchange[] = [];
  const byId = new Map<string, ToolExchange>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type !== 'tool-call') continue;
        const exchange: ToolExchange = {
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: parseInput(part.input),
          output: null,
        };
        exchanges.push(exchange);
        byId.set(part.toolCallId, exchange);
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const exchange = byId.get(part.toolCallId);
        if (!exchange) continue;
        const { output } = part;
        exchange.output =
          output.type === 'json' || output.type === 'error-json'
            ? (asObject(output.value) ?? { value: output.value })
            : { error: 'value' in output && typeof output.value === 'string' ? output.value : 'No result.' };
      }
    }
  }
  const offered = options.toolChoice?.type === 'none' ? [] : (options.tools ?? []).map((entry) => entry.name);
  return { question, earlier, dialect, today, exchanges, tools: new Set(offered) };
}
