/**
 * A token count good enough to budget a request: about four characters per token for English
 * and SQL. Providers count differently; the budgets keep a margin for that.
 */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.ceil(text.length / 4);
}
