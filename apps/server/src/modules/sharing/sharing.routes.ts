import type { ShareableKind, sharingRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import { shareChart } from '../charts/share-chart.ts';
import { shareConversation } from '../conversations/share-conversation.ts';
import { shareDashboard } from '../dashboards/share-dashboard.ts';
import { shareDatabase } from '../databases/share-database.ts';
import { shareQuery } from '../queries/share-query.ts';
import type { User } from '../users/user.ts';

type Share = (deps: { db: StoreDb }, input: { user: User; id: string; shared: boolean }) => Promise<void>;

// Each kind's own use case asks the policy for `share` on its object.
const shareByKind: Record<ShareableKind, Share> = {
  conversation: shareConversation,
  query: shareQuery,
  chart: shareChart,
  database: shareDatabase,
  dashboard: shareDashboard,
};

export function sharingHandlers(deps: { db: StoreDb }): RouteHandlers<typeof sharingRoutes> {
  return {
    'PUT /api/sharing/:kind/:id': async ({ user, params, body }) => {
      await shareByKind[params.kind](deps, { user, id: params.id, shared: body.shared });
      return { kind: params.kind, id: params.id, shared: body.shared };
    },
  };
}
