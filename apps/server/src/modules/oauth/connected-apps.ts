import type { ApiKeyScope } from '@querent/contracts';
import { apiKeyScopes } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { authorize } from '../access/authorize.ts';
import type { Subject } from '../access/subject.ts';
import type { User } from '../users/user.ts';
import type { OauthPayload } from './oauth-records.repo.ts';
import {
  deleteOauthGrantRecords,
  deleteOauthRecord,
  findOauthRecord,
  selectOauthGrantsOf,
} from './oauth-records.repo.ts';

export interface ConnectedAppRecord {
  grantId: string;
  clientId: string;
  name: string;
  scopes: ApiKeyScope[];
  connectedAt: string;
  expiresAt: string | null;
}

const appNotFound = () => new AppError('NOT_FOUND', 'Connected app not found');

function grantSubject(payload: OauthPayload): Subject {
  const owner = typeof payload.accountId === 'string' ? payload.accountId : null;
  return {
    kind: 'connected_app',
    ownerId: owner,
    organizationId: null,
    sharedWithOrganization: false,
    isPublic: false,
  };
}

function secondsToIso(value: unknown): string | null {
  return typeof value === 'number' ? new Date(value * 1000).toISOString() : null;
}

/** The scopes a grant gives on the MCP resource. */
function grantedScopes(payload: OauthPayload, resource: string): ApiKeyScope[] {
  const resources = payload.resources as Record<string, unknown> | undefined;
  const scope = resources?.[resource];
  return typeof scope === 'string'
    ? scope
        .split(' ')
        .filter((each): each is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(each))
    : [];
}

/** The apps a person connected (their live grants), with each app's registered name; newest first. */
export async function listConnectedApps(
  deps: { db: StoreDb; resource: string },
  input: { user: User },
): Promise<ConnectedAppRecord[]> {
  const grants = await selectOauthGrantsOf(deps.db, input.user.id, new Date().toISOString());
  const apps = await Promise.all(
    grants.map(async (grant) => {
      const clientId = String(grant.payload.clientId);
      const client = await findOauthRecord(deps.db, 'Client', { column: 'id', value: clientId });
      const name = client?.payload.client_name;
      return {
        grantId: grant.id,
        clientId,
        name: typeof name === 'string' && name !== '' ? name : clientId,
        scopes: grantedScopes(grant.payload, deps.resource),
        connectedAt: secondsToIso(grant.payload.iat) ?? '',
        expiresAt: secondsToIso(grant.payload.exp),
      };
    }),
  );
  return apps.sort((a, b) => b.connectedAt.localeCompare(a.connectedAt));
}

/**
 * Disconnects an app: its grant and every code and token issued under it are deleted, so its
 * next request is refused on every instance (tokens are looked up at each use). Someone else's
 * is "not found".
 */
export async function disconnectApp(
  deps: { db: StoreDb },
  input: { user: User; grantId: string },
): Promise<void> {
  const grant = await findOauthRecord(deps.db, 'Grant', { column: 'id', value: input.grantId });
  if (grant === null) throw appNotFound();
  authorize(input.user, 'delete', grantSubject(grant.payload), { notFound: appNotFound });
  await deleteOauthGrantRecords(deps.db, input.grantId);
  await deleteOauthRecord(deps.db, 'Grant', input.grantId);
}
