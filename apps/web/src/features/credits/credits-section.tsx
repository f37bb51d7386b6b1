import type { CreditHistory } from '@querent/contracts';

const kindNames: Record<string, string> = {
  grant: 'Grant',
  allowance: 'Plan allowance',
  purchase: 'Purchase',
  spend: 'Spent',
  refund: 'Refund',
  expiry: 'Expired',
};

/** /profile: the balance the user draws on, their use by day and the ledger's latest entries. */
export function CreditsSection({ history }: { history: CreditHistory }) {
  const most = Math.max(1, ...history.usage_by_day.map((day) => day.credits));
  return (
    <section aria-labelledby="credits-heading" className="flex flex-col gap-4">
      <h2 id="credits-heading" className="text-base font-semibold">
        Credits
      </h2>
      <p data-testid="profile-credits" className="text-sm">
        {history.unlimited
          ? 'Credits are unlimited on this server.'
          : `${history.credits_remaining.toLocaleString()} credits left${history.organization_pool ? " in your organisation's pool" : ''}.`}
      </p>
      {history.usage_by_day.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-medium">Use over the last 30 days</h3>
          <ul aria-label="Credits used by day" className="flex flex-col gap-1 text-xs">
            {history.usage_by_day.map((day) => (
              <li key={day.day} className="grid grid-cols-[6rem_1fr_4rem] items-center gap-2">
                <span>{day.day}</span>
                <span
                  className="h-2 rounded bg-indigo-500"
                  style={{ width: `${(day.credits / most) * 100}%` }}
                />
                <span className="text-right">{day.credits.toLocaleString()}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {history.entries.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Credit history</caption>
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className="py-1 font-medium">When</th>
              <th className="py-1 font-medium">What</th>
              <th className="py-1 font-medium">Why</th>
              <th className="py-1 text-right font-medium">Credits</th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="py-1">{new Date(entry.created_at).toLocaleString()}</td>
                <td className="py-1">{kindNames[entry.kind] ?? entry.kind}</td>
                <td className="py-1">{entry.reason}</td>
                <td className="py-1 text-right tabular-nums">
                  {entry.amount > 0 ? '+' : ''}
                  {entry.amount.toLocaleString()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
