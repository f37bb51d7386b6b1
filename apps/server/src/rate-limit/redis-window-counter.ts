import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../redis/redis-client.ts';
import type { WindowCount, WindowCounter } from './window-counter.ts';

/*
 * One round trip, atomic in Redis: count the event, and start the window's clock when this is its
 * first (a key without expiry). Every instance counting the same key shares the window.
 */
const countInWindow = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

/*
 * The client's own command timeout stops counting once a command is written, so a Redis that
 * accepts the connection but never answers would hold the request: the wait is bounded here.
 */
async function withinTime<T>(answer: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis gave no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
    // A late answer, or a late failure, is of no interest any more.
    answer.catch(() => undefined);
  }
}

function readReply(reply: unknown): WindowCount {
  if (!Array.isArray(reply) || reply.length !== 2)
    throw new Error('Unexpected reply from the rate-limit script');
  return { count: Number(reply[0]), msLeft: Number(reply[1]) };
}

/**
 * Counts in Redis under `keyPrefix`, so every instance of a deployment shares the limit.
 *
 * When Redis cannot answer, the event is let through (fail open) with a warning in the log: these
 * limits slow abuse down, and refusing every visitor and sign-in while Redis is away would turn a
 * cache outage into a full outage, as most gateways judge too. The warning is logged when counting
 * starts failing and again once it works, not on every request.
 */
export function redisWindowCounter(deps: {
  client: RedisClient;
  keyPrefix: string;
  windowMs: number;
  /** How long a request waits for Redis before it is let through. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}): WindowCounter {
  let failing = false;
  return {
    async hit(key) {
      try {
        const reply = await withinTime(
          deps.client.eval(countInWindow, {
            keys: [`${deps.keyPrefix}:${key}`],
            arguments: [String(deps.windowMs)],
          }),
          deps.timeoutMs,
        );
        if (failing) deps.log.warn('Rate limits are counted in Redis again');
        failing = false;
        return readReply(reply);
      } catch (error) {
        if (!failing)
          deps.log.warn({ err: error }, 'Redis cannot count rate limits: letting requests through');
        failing = true;
        return { count: 0, msLeft: 0 };
      }
    },
  };
}
