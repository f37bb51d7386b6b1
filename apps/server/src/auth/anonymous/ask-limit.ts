import { AppError } from '../../errors.ts';
import { isVisitor } from '../../modules/access/person-roles.ts';
import type { User } from '../../modules/users/user.ts';
import type { MinuteLimit } from '../../rate-limit/minute-limit.ts';

/** Counts a question, SQL statement or query run of the user; refuses (429) one too many. */
export type LimitAsks = (user: Pick<User, 'id' | 'role'>) => Promise<void>;

/** No limit: local mode, or hosted mode without the sandbox. */
export const unlimitedAsks: LimitAsks = () => Promise.resolve();

/**
 * Anonymous visitors may ask `perMinute` times a minute, each of them: the sandbox is open to
 * anyone and each question costs a model call or a query. People who signed in are not limited here.
 */
export function limitAnonymousAsks(limit: MinuteLimit, perMinute: number): LimitAsks {
  return async (user) => {
    if (!isVisitor(user)) return;
    const taken = await limit.take(user.id);
    if (taken.allowed) return;
    throw new AppError(
      'RATE_LIMITED',
      `Visitors may ask ${perMinute} questions a minute. Try again in ${taken.retryAfterSeconds} seconds, or sign in.`,
    );
  };
}
