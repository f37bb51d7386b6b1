import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from '../../errors.ts';
import type { LlmConfig } from '../../llm/llm-env.ts';
import { describeLlmError, isLlmFailure } from '../../llm/llm-errors.ts';

/**
 * The error a failed turn shows: our own expected failures and the provider's in words for the
 * user; anything else is a bug of ours, logged in full and shown without internals.
 */
export function describeTurnFailure(error: unknown, llm: LlmConfig, log: FastifyBaseLogger): string {
  if (isAppError(error)) return error.message;
  if (isLlmFailure(error)) return describeLlmError(error, llm);
  log.error({ err: error }, 'Conversation turn failed');
  return 'Something went wrong while answering; the error was logged. Regenerate to try again.';
}
