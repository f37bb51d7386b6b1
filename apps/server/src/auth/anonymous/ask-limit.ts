import { AppError } from '../../errors.ts';
import type { User } from '../../modules/users/user.ts';
import { MinuteCounter } from './minute-counter.ts';

/** Counts a question, SQL statement or query run of the user; refuses (429) one too many. */
export type LimitAsks = (user: Pick<User, 'id' | 'role'>) => void;

/** No limit: local mode, or hosted mode without the sandbox. */
export const unlimitedAsks: LimitAsks = () => undefined;

/**
 * Anonymous visitors may ask `perMinute` times a minute, each of them: the sandbox is open to
 * anyone and each question costs a model call or a query. People who signed in are not limited here.
 */
export function limitAnonymousAsks(perMinute: number, now: () => number = Date.now): LimitAsks {
  const counter = new MinuteCounter(perMinute, now);
  return (user) => {
    if (user.role !== 'anonymous' || counter.take(user.id)) return;
    throw new AppError(
      'RATE_LIMITED',
      `Visitors may ask ${perMinute} questions a minute. Try again in ${counter.secondsLeft(user.id)} seconds, or sign in.`,
    );
  };
}
