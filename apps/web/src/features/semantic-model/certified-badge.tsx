import type { Metric } from '@querent/contracts';
import { BadgeCheck } from 'lucide-react';
import { formatCreatedDate } from '../databases/database-badges.tsx';

/** "Certified by Ann Lee on 28 Nov 2026": the number to trust, and who vouched for it. */
export function CertifiedBadge({ certified }: { certified: NonNullable<Metric['certified']> }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300">
      <BadgeCheck size={12} aria-hidden="true" />
      Certified by {certified.by} on {formatCreatedDate(certified.at)}
    </span>
  );
}
