import type { CreditUsage, CreditUsageRow } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { sumUsageSince } from './credit-ledger.repo.ts';
import type { CreditsDeps } from './credits-deps.ts';
import { clockOf } from './credits-deps.ts';
import { authorizeCreditsAdministration } from './authorize-credits.ts';

function add(rows: Map<string, CreditUsageRow>, row: CreditUsageRow): void {
  const known = rows.get(row.id);
  if (known) {
    known.credits_spent += row.credits_spent;
    known.credits_added += row.credits_added;
  } else rows.set(row.id, { ...row });
}

const bySpend = (a: CreditUsageRow, b: CreditUsageRow) =>
  b.credits_spent - a.credits_spent || a.name.localeCompare(b.name);

/**
 * Administrators: credits spent and added over the last `days`, per user (whatever balance they
 * drew on) and per organisation pool, most used first.
 */
export async function reportCreditUsage(
  deps: CreditsDeps,
  input: { user: User; days: number },
): Promise<CreditUsage> {
  authorizeCreditsAdministration(input.user, 'read');
  const since = new Date(clockOf(deps).getTime() - input.days * 24 * 60 * 60 * 1000).toISOString();
  const users = new Map<string, CreditUsageRow>();
  const organizations = new Map<string, CreditUsageRow>();
  for (const sum of await sumUsageSince(deps.db, since)) {
    // A grant to a pool names the administrator who made it: that is not their own use.
    if (sum.organizationId === null || sum.spent !== 0) {
      add(users, {
        kind: 'user',
        id: sum.userId,
        name: sum.userName,
        credits_spent: sum.spent,
        credits_added: sum.organizationId === null ? sum.added : 0,
      });
    }
    if (sum.organizationId !== null) {
      add(organizations, {
        kind: 'organization',
        id: sum.organizationId,
        name: sum.organizationName ?? sum.organizationId,
        credits_spent: sum.spent,
        credits_added: sum.added,
      });
    }
  }
  return {
    since,
    users: [...users.values()].sort(bySpend),
    organizations: [...organizations.values()].sort(bySpend),
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as RFC 4180 CSV, one row per user and per organisation. */
export function usageCsv(usage: CreditUsage): string {
  const lines = [['kind', 'id', 'name', 'credits_spent', 'credits_added', 'since']];
  for (const row of [...usage.users, ...usage.organizations]) {
    lines.push([
      row.kind,
      row.id,
      row.name,
      String(row.credits_spent),
      String(row.credits_added),
      usage.since,
    ]);
  }
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
