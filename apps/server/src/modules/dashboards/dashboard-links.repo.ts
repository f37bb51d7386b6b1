import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso } from '../../store/values.ts';

/** The only SQL for `dashboard_links`. */

export interface DashboardLinkRecord {
  id: string;
  dashboardId: string;
  createdBy: string;
  expiresAt: string | null;
  createdAt: string;
}

function toLink(row: {
  id: string;
  dashboard_id: string;
  created_by: string;
  expires_at: string | null;
  created_at: string;
}): DashboardLinkRecord {
  return {
    id: row.id,
    dashboardId: row.dashboard_id,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

const columns = ['id', 'dashboard_id', 'created_by', 'expires_at', 'created_at'] as const;

export async function insertDashboardLink(
  db: StoreDb,
  input: { dashboardId: string; tokenHash: string; createdBy: string; expiresAt: string | null },
): Promise<DashboardLinkRecord> {
  const row = {
    id: newId(),
    dashboard_id: input.dashboardId,
    token_hash: input.tokenHash,
    created_by: input.createdBy,
    expires_at: input.expiresAt,
    created_at: nowIso(),
  };
  await db.insertInto('dashboard_links').values(row).execute();
  return toLink(row);
}

export async function findDashboardLinkByHash(
  db: StoreDb,
  tokenHash: string,
): Promise<DashboardLinkRecord | null> {
  const row = await db
    .selectFrom('dashboard_links')
    .select(columns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toLink(row) : null;
}

export async function listDashboardLinks(db: StoreDb, dashboardId: string): Promise<DashboardLinkRecord[]> {
  const rows = await db
    .selectFrom('dashboard_links')
    .select(columns)
    .where('dashboard_id', '=', dashboardId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toLink);
}

/** Answers whether the link was one of the dashboard's (and is now gone). */
export async function deleteDashboardLink(
  db: StoreDb,
  dashboardId: string,
  linkId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('dashboard_links')
    .where('id', '=', linkId)
    .where('dashboard_id', '=', dashboardId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
