/** The lifetimes offered when making a key; the server refuses more than a year. */
export const expiryChoices = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'One year' },
  { value: 'never', label: 'Never' },
] as const;
export type ExpiryChoice = (typeof expiryChoices)[number]['value'];

const dayMs = 24 * 60 * 60 * 1000;

/** The `expires_at` a choice stands for, counted from `now`; null for a key that never expires. */
export function expiresAtOf(choice: ExpiryChoice, now: Date): string | null {
  return choice === 'never' ? null : new Date(now.getTime() + Number(choice) * dayMs).toISOString();
}
