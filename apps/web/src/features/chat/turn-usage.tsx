import type { TurnUsage } from '@querent/contracts';

/** What answering a question cost, under it: tokens in and out, and the credits charged. */
export function TurnUsageNote({ usage }: { usage: TurnUsage }) {
  const tokens = usage.inputTokens + usage.outputTokens;
  return (
    <p data-testid="turn-usage" className="text-xs text-zinc-500 dark:text-zinc-400">
      {tokens.toLocaleString()} tokens ({usage.inputTokens.toLocaleString()} in,{' '}
      {usage.outputTokens.toLocaleString()} out) · {usage.credits.toLocaleString()}{' '}
      {usage.credits === 1 ? 'credit' : 'credits'}
    </p>
  );
}
