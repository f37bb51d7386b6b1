import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isAppError } from '../../errors.ts';

/** What a tool found, as structured content and as the same JSON in text for text-only clients. */
export function toolAnswer(output: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output,
  };
}

/** What a model can do about each kind of refusal. */
const nextStep: Partial<Record<string, string>> = {
  NOT_FOUND: 'Take ids from list_databases or list_saved_queries: only what you may use is listed.',
  FORBIDDEN: 'You may see this but not do this with it.',
  CONFLICT: 'Nothing to retry as is: read the message.',
  PAYMENT_REQUIRED: 'No credits are left for this person.',
  SUBSCRIPTION_REQUIRED: 'No credits are left for this person.',
  SERVICE_UNAVAILABLE: 'Try again later, or answer with the other tools.',
};

/**
 * A refusal or a failure of the caller's own input (a bad argument, an unknown table, SQL the
 * database rejected) as a tool error the model can act on: the message, the field at fault and
 * the next step. Anything else is our bug: the caller sees the request id, the log has the rest.
 */
export function toolFailure(
  error: unknown,
  context: { requestId: string; log: (error: unknown) => void },
): CallToolResult {
  if (isAppError(error)) {
    const failure = {
      error: error.message,
      code: error.code,
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(nextStep[error.code] === undefined ? {} : { hint: nextStep[error.code] }),
    };
    return { content: [{ type: 'text', text: JSON.stringify(failure) }], isError: true };
  }
  context.log(error);
  const failure = {
    error: `Querent failed on its side; try again later, or report request id ${context.requestId}.`,
    code: 'INTERNAL',
  };
  return { content: [{ type: 'text', text: JSON.stringify(failure) }], isError: true };
}
