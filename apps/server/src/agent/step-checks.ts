import type { FinishReason } from 'ai';

/**
 * What the chat is told when the model stopped before finishing its answer, or null when it
 * finished. A cut answer is never passed off as complete, nor cleared without a word: the turn
 * ends with this message, after whatever text the model wrote.
 */
export function cutShortMessage(finishReason: FinishReason | null, raw: string | null): string | null {
  const said = raw ? ` (the provider said "${raw}")` : '';
  if (finishReason === 'length') {
    return `My answer was cut off: the model reached its output length limit${said} before finishing. Ask me to continue, or ask a narrower question.`;
  }
  if (finishReason === 'content-filter') {
    return `The provider's content filter stopped my answer${said}. Rephrase the question and ask again.`;
  }
  return null;
}

/** Below this many tokens a gap between count and estimate is noise, not a sign. */
const GAP_FLOOR_TOKENS = 1000;
/** How far apart the provider's count and ours may be before it is worth a warning. */
const GAP_RATIO = 2;

export interface UsageGap {
  reported: number;
  estimated: number;
  /** Why it matters and what to change. */
  advice: string;
}

/**
 * Compares the input tokens the provider counted with our estimate of the request. Far fewer
 * counted than sent is how a server that silently cuts prompts to its own window shows itself
 * (Ollama's num_ctx); far more means the estimate, and so the context budget, is too low.
 */
export function usageGap(reported: number | null, estimated: number): UsageGap | null {
  if (reported === null || reported <= 0) return null;
  if (Math.abs(reported - estimated) < GAP_FLOOR_TOKENS) return null;
  if (reported * GAP_RATIO < estimated) {
    return {
      reported,
      estimated,
      advice:
        'The provider counted far fewer input tokens than were sent: the server may be cutting the prompt to its own context window (Ollama: num_ctx / OLLAMA_CONTEXT_LENGTH). Raise the server limit, or lower LLM_CONTEXT_TOKENS to match it.',
    };
  }
  if (reported > estimated * GAP_RATIO) {
    return {
      reported,
      estimated,
      advice:
        'The provider counted far more input tokens than estimated: requests may overflow the context window. Lower LLM_CONTEXT_TOKENS.',
    };
  }
  return null;
}
