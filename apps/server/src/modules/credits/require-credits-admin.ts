import { AppError } from '../../errors.ts';

/**
 * Who may grant or remove credits and see everyone's use: administrators. One function, so the
 * rule can move into the authorization policy whole.
 */
export function requireCreditsAdmin(user: { role: string }): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can change credits');
}
