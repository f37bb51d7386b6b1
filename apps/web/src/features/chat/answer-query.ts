import { splitMessageReferences } from '@querent/contracts';
import type { ChatQuery } from '@querent/contracts';
import type { ChatMessage } from './chat-types.ts';

function succeeded(query: ChatQuery | null | undefined): query is ChatQuery {
  return query != null && query.error === null && query.ranAt !== null;
}

/**
 * The query an answer rests on: the last result it shows, else the last query its steps ran that
 * succeeded. Null when it ran none (an answer from the schema alone), so there is nothing to save.
 */
export function answerQuery(
  message: ChatMessage,
  steps: readonly ChatMessage[],
  queries: ReadonlyMap<string, ChatQuery>,
): ChatQuery | null {
  const shown = splitMessageReferences(message.content ?? '')
    .flatMap((segment) => (segment.type === 'query' ? [queries.get(segment.id)] : []))
    .filter(succeeded);
  const last = shown.at(-1);
  if (last) return last;
  const ran = steps.map((step) => step.query).filter(succeeded);
  return ran.at(-1) ?? null;
}
