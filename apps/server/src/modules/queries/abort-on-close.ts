import type { FastifyReply } from 'fastify';

/**
 * A signal that fires when the response closes before it was fully written: the client went
 * away, so the statement working for it should stop in the database. Call `done` once the
 * work is over, so a finished response never aborts anything.
 */
export function abortOnClose(reply: FastifyReply): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, done: () => reply.raw.off('close', onClose) };
}
