import { AISDKError, APICallError, RetryError } from 'ai';
import type { LlmConfig } from '../config/settings/llm.ts';

/** The model did not answer in time (LLM_TIMEOUT_MS). */
export class LlmTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The model did not answer within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'LlmTimeoutError';
  }
}

/** The model kept calling tools with input that cannot be read, even after being told. */
export class MalformedToolCallError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'MalformedToolCallError';
  }
}

const providerNames: Record<LlmConfig['provider'], string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'The model server',
  offline: 'The offline analyst',
};

/** The provider's own words, from its JSON error body when it sent one. */
function providerMessage(error: APICallError): string {
  const body = error.responseBody;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
      const message =
        typeof parsed.error === 'string'
          ? parsed.error
          : typeof parsed.error?.message === 'string'
            ? parsed.error.message
            : typeof parsed.message === 'string'
              ? parsed.message
              : null;
      if (message) return message;
    } catch {
      // Not JSON: the status and the SDK's message say enough.
    }
  }
  return error.message;
}

/** An error's message and its cause's, without a closing full stop (the caller adds one). */
function causeMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message.replace(/\.$/, '')})` : '';
  return `${error.message.replace(/\.$/, '')}${cause}`;
}

function describeApiCall(error: APICallError, config: LlmConfig): string {
  const who = providerNames[config.provider];
  const said = providerMessage(error);
  const status = error.statusCode;
  if (status === 401 || status === 403) {
    return `${who} refused the API key (HTTP ${status}: ${said}). Check LLM_API_KEY, then regenerate.`;
  }
  if (status === 429) {
    return `${who} is rate limiting requests (HTTP 429: ${said}). Wait a moment, then regenerate.`;
  }
  if (status === 404) {
    return `${who} does not know the model "${config.model}" (HTTP 404: ${said}). Check LLM_MODEL.`;
  }
  if (status !== undefined)
    return `${who} failed to answer (HTTP ${status}: ${said}). Regenerate to try again.`;
  const where = config.baseUrl ?? 'its API';
  return `${who} could not be reached at ${where}: ${causeMessage(error)}. Regenerate to try again.`;
}

/**
 * Why a model call failed, in words for the user: what happened and what to do. The turn ends
 * with this as its error; the question stays, so Regenerate retries it.
 */
export function describeLlmError(error: unknown, config: LlmConfig): string {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) return describeApiCall(last, config);
  if (last instanceof LlmTimeoutError) {
    return `${last.message} (LLM_TIMEOUT_MS). The provider may be overloaded: regenerate to try again.`;
  }
  if (last instanceof MalformedToolCallError) {
    return `The model sent a malformed tool call and could not correct it: ${last.message}. Regenerate to try again, or use a more capable model.`;
  }
  return `The model call failed: ${causeMessage(last)}. Regenerate to try again.`;
}

/** Whether an error came from talking to the model (as opposed to a bug of ours). */
export function isLlmFailure(error: unknown): boolean {
  return (
    AISDKError.isInstance(error) ||
    error instanceof LlmTimeoutError ||
    error instanceof MalformedToolCallError
  );
}
