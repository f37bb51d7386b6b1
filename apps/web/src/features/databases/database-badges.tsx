import type { Database } from '@querent/contracts';
import { Globe, ShieldCheck } from 'lucide-react';

const badgeClass = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/** Safe mode and public flags as small labels, so the list shows at a glance what is protected or shared. */
export function DatabaseBadges({ database }: { database: Pick<Database, 'safe_mode' | 'public'> }) {
  return (
    <>
      {database.safe_mode ? (
        <span
          className={`${badgeClass} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300`}
          title="Read-only: the database refuses any change"
        >
          <ShieldCheck size={12} aria-hidden="true" /> Safe mode
        </span>
      ) : null}
      {database.public ? (
        <span
          className={`${badgeClass} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300`}
          title="Every user of this Querent can query it"
        >
          <Globe size={12} aria-hidden="true" /> Public
        </span>
      ) : null}
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatCreatedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
