import type { TurnUsage } from '@querent/contracts';

function creditsText(credits: number): string {
  return `${credits.toLocaleString()} ${credits === 1 ? 'credit' : 'credits'}`;
}

/**
 * What answering a message cost, under it: tokens in and out and the credits charged for a
 * question, only the credits for SQL (no model took part), nothing when nothing was used.
 */
export function TurnUsageNote({ usage }: { usage: TurnUsage }) {
  const tokens = usage.inputTokens + usage.outputTokens;
  if (tokens === 0 && usage.credits === 0) return null;
  return (
    <p data-testid="turn-usage" className="text-xs text-zinc-500 dark:text-zinc-400">
      {tokens === 0
        ? creditsText(usage.credits)
        : `${tokens.toLocaleString()} tokens (${usage.inputTokens.toLocaleString()} in, ${usage.outputTokens.toLocaleString()} out) · ${creditsText(usage.credits)}`}
    </p>
  );
}
