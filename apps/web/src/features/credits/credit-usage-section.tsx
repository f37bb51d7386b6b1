import { useQuery } from '@tanstack/react-query';
import type { CreditUsageRow } from '@querent/contracts';
import { useServices } from '../../app/services-context.tsx';
import { linkClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';

const DAYS = 30;

function UsageTable({ label, rows }: { label: string; rows: CreditUsageRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left text-sm font-medium">{label}</caption>
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="py-1 font-medium">Name</th>
          <th className="py-1 text-right font-medium">Spent</th>
          <th className="py-1 text-right font-medium">Added</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-zinc-100 dark:border-zinc-800">
            <td className="py-1">{row.name}</td>
            <td className="py-1 text-right tabular-nums">{row.credits_spent.toLocaleString()}</td>
            <td className="py-1 text-right tabular-nums">{row.credits_added.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /user, administrators only: credits used per user and organisation over 30 days, and its CSV. */
export function CreditUsageSection() {
  const { api } = useServices();
  const usage = useQuery({ queryKey: ['credits', 'usage', DAYS], queryFn: () => api.credits.usage(DAYS) });
  return (
    <section aria-labelledby="credit-usage-heading" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="credit-usage-heading" className="text-base font-semibold">
          Credit use, last {DAYS} days
        </h2>
        <a href={`/api/credits/usage.csv?days=${DAYS}`} className={linkClass} download>
          Export CSV
        </a>
      </div>
      {usage.isError ? <p role="alert">{errorMessage(usage.error)}</p> : null}
      {usage.data ? (
        <>
          <UsageTable label="Users" rows={usage.data.users} />
          <UsageTable label="Organisations" rows={usage.data.organizations} />
        </>
      ) : null}
    </section>
  );
}
