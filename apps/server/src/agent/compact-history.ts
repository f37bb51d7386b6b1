import type { ModelMessage, ToolResultPart } from 'ai';
import { estimateTokens } from './token-estimate.ts';

export interface CompactionBudget {
  /** Tokens the request may use for messages, after instructions, tools and the answer. */
  messageTokens: number;
}

const TRIMMED_PREVIEW = 300;
const OMITTED_NOTE = '(Earlier messages of this conversation were left out to fit the model’s context.)';

function costOf(message: ModelMessage): number {
  return estimateTokens(message.content) + 4;
}

function tokensOf(messages: readonly ModelMessage[]): number {
  return messages.reduce((total, message) => total + costOf(message), 0);
}

function outputText(part: ToolResultPart): string {
  const { output } = part;
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'json' || output.type === 'error-json') return JSON.stringify(output.value);
  return '';
}

/** Replaces a tool result by its head, keeping the call and result paired as providers require. */
function trimResult(part: ToolResultPart, keep: number): ToolResultPart {
  const text = outputText(part);
  if (text.length <= keep) return part;
  return {
    ...part,
    output: { type: 'text', value: `[Trimmed to save space; it began: ${text.slice(0, keep)}…]` },
  };
}

/** Positions of tool results, oldest first. */
function resultPositions(messages: readonly ModelMessage[]): [number, number][] {
  const positions: [number, number][] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'tool') return;
    message.content.forEach((part, partIndex) => {
      if (part.type === 'tool-result') positions.push([index, partIndex]);
    });
  });
  return positions;
}

function trimOldResults(
  messages: ModelMessage[],
  budget: number,
  spareNewest: number,
  keep: number,
): ModelMessage[] {
  // Costs are kept per message and the total updated as results shrink: one pass, however long.
  const costs = messages.map(costOf);
  let total = costs.reduce((sum, cost) => sum + cost, 0);
  const positions = resultPositions(messages);
  for (const [index, partIndex] of positions.slice(0, Math.max(0, positions.length - spareNewest))) {
    if (total <= budget) break;
    const message = messages[index];
    if (message?.role !== 'tool') continue;
    const content = [...message.content];
    const part = content[partIndex];
    if (part?.type === 'tool-result') content[partIndex] = trimResult(part, keep);
    const trimmed = { ...message, content };
    messages[index] = trimmed;
    const cost = costOf(trimmed);
    total += cost - (costs[index] ?? 0);
    costs[index] = cost;
  }
  return messages;
}

/** Drops whole exchanges (a user message and all that answered it) from the start, keeping the last. */
function dropOldExchanges(messages: ModelMessage[], budget: number): ModelMessage[] {
  const starts = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  const costs = messages.map(costOf);
  let remaining = costs.reduce((sum, cost) => sum + cost, 0);
  let from = 0;
  for (const start of starts.slice(1)) {
    if (remaining <= budget) break;
    for (let index = from; index < start; index += 1) remaining -= costs[index] ?? 0;
    from = start;
  }
  if (from === 0) return messages;
  const kept = messages.slice(from);
  const first = kept[0];
  if (first?.role === 'user') {
    const parts =
      typeof first.content === 'string' ? [{ type: 'text' as const, text: first.content }] : first.content;
    kept[0] = { ...first, content: [{ type: 'text', text: OMITTED_NOTE }, ...parts] };
  }
  return kept;
}

/**
 * Keeps a long conversation under the model's context window (tokens estimated as characters/4):
 * first older tool results are cut to their first lines, then the oldest exchanges are left
 * out, and only if the current exchange alone is still too long are its own results cut too.
 * Recent steps stay whole because the model is working from them.
 */
export function compactHistory(messages: readonly ModelMessage[], budget: CompactionBudget): ModelMessage[] {
  let compacted = [...messages];
  const limit = budget.messageTokens;
  if (tokensOf(compacted) <= limit) return compacted;
  compacted = trimOldResults(compacted, limit, 4, TRIMMED_PREVIEW);
  if (tokensOf(compacted) <= limit) return compacted;
  compacted = dropOldExchanges(compacted, limit);
  if (tokensOf(compacted) <= limit) return compacted;
  compacted = trimOldResults(compacted, limit, 1, TRIMMED_PREVIEW);
  if (tokensOf(compacted) <= limit) return compacted;
  return trimOldResults(compacted, limit, 0, TRIMMED_PREVIEW);
}
