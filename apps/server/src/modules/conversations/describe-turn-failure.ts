import type { FastifyBaseLogger } from 'fastify';
import type { LlmConfig } from '../../config/settings/llm.ts';
import { isAppError } from '../../errors.ts';
import { loadOnce } from '../../load-once.ts';

// Telling the provider's errors apart takes the AI SDK, which loads with the first question.
const loadLlmErrors = loadOnce(() => import('../../llm/llm-errors.ts'));

/**
 * The error a failed turn shows: our own expected failures and the provider's in words for the
 * user; anything else is a bug of ours, logged in full and shown without internals.
 */
export async function describeTurnFailure(
  error: unknown,
  llm: LlmConfig,
  log: FastifyBaseLogger,
): Promise<string> {
  if (isAppError(error)) return error.message;
  const { describeLlmError, isLlmFailure } = await loadLlmErrors();
  if (isLlmFailure(error)) return describeLlmError(error, llm);
  log.error({ err: error }, 'Conversation turn failed');
  return 'Something went wrong while answering; the error was logged. Regenerate to try again.';
}
