const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** "≈ 12.3K rows": estimates from statistics are never exact, and the wording says so. */
export function formatRowEstimate(estimate: number | null): string | null {
  if (estimate === null || estimate < 0) return null;
  if (estimate === 1) return '≈ 1 row';
  return `≈ ${compact.format(estimate)} rows`;
}

const minute = 60_000;

/** How long ago the schema was read from the engine, in words. */
export function formatAge(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (!Number.isFinite(elapsed)) return 'at an unknown time';
  if (elapsed < minute) return 'just now';
  if (elapsed < 60 * minute) return `${Math.floor(elapsed / minute)} min ago`;
  if (elapsed < 24 * 60 * minute) return `${Math.floor(elapsed / (60 * minute))} h ago`;
  return new Date(iso).toLocaleDateString();
}
