import type { FastifyReply } from 'fastify';

/**
 * Lets oidc-provider answer on the raw response (its redirects and pages), keeping the headers
 * Fastify's hooks set for every answer (request id, security headers). Fastify no longer answers
 * for it, so a failure is answered here, in words, if nothing was sent yet.
 */
export async function handOver(reply: FastifyReply, answer: () => Promise<unknown>): Promise<void> {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  try {
    await answer();
  } catch (error) {
    reply.log.error({ err: error }, 'OAuth step failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end(`Querent could not go on connecting the app; try again (request ${reply.request.id}).`);
    }
  }
}
