import type { UserRole } from '../../store/schema.ts';

/** Every kind of object the policy answers for. */
export const objectKinds = [
  'database',
  'project',
  'conversation',
  'query',
  'chart',
  'favorite',
  'business_entity',
  'issue',
  'upload',
  'memory',
  'semantic_model',
  'dashboard',
  'user',
  'organization',
  'credits',
  'subscription',
  'api_key',
  'organization_api_key',
  'connected_app',
] as const;
export type ObjectKind = (typeof objectKinds)[number];

/**
 * What one may do with an object. `read` is seeing it at all; `run` sending SQL to it (or the
 * analyst, or running its checks); `write_data` running statements that change its data (adding
 * files, for an upload); `publish` making it readable by everyone (public);
 * `confirm_credentials` letting others use it through a login that can do more than read;
 * `create` making one of the kind (asked without an object); `open_host_files` a connection that
 * opens files on Querent's own host; `certify` vouching for a semantic model's metric as the
 * number to trust.
 */
export const actions = [
  'read',
  'run',
  'write_data',
  'edit',
  'delete',
  'share',
  'publish',
  'confirm_credentials',
  'create',
  'open_host_files',
  'certify',
] as const;
export type Action = (typeof actions)[number];

/**
 * What may be done with one object, as presenters send it (`abilities`): every action but seeing
 * it (whoever is sent it sees it) and those asked of a kind rather than of an object.
 */
export const objectActions = [
  'run',
  'write_data',
  'edit',
  'delete',
  'share',
  'publish',
  'confirm_credentials',
] as const satisfies readonly Action[];
export type ObjectAction = (typeof objectActions)[number];

/**
 * How the one asking stands to an object, decided in one place (`relationOf`): they own it, it is
 * shared with their organisation, it is public, or none of these.
 */
export const relations = ['owner', 'organization', 'public', 'none'] as const;
export type Relation = (typeof relations)[number];

export const roles = ['admin', 'member', 'anonymous'] as const satisfies readonly UserRole[];
export type Role = (typeof roles)[number];
