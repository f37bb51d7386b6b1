import { AppError } from '../../errors.ts';
import type { User } from '../users/user.ts';

/**
 * The one check of who may manage people and organisations: administrators. Kept in one place so
 * it moves into the authorization policy as a single rule.
 */
export function requireAdmin(user: Pick<User, 'role'>): void {
  if (user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only administrators can manage people and organisations');
  }
}
