import type { Action, ObjectKind, Relation, Role } from './access-words.ts';

/** For one kind of object: what may be done, by how one stands to the object. */
export type KindRules = Readonly<Partial<Record<Relation, readonly Action[]>>>;
export type RoleTable = Readonly<Record<Role, Readonly<Record<ObjectKind, KindRules>>>>;

const all = ['read', 'run', 'write_data', 'edit', 'delete', 'share'] as const;
const useOnly = ['read', 'run'] as const;
const readOnly = ['read'] as const;
const change = ['read', 'run', 'edit', 'delete'] as const;
const ownedPrivate = { owner: ['read', 'run', 'edit', 'delete', 'share'], organization: useOnly } as const;

/*
 * The roles as data: the whole of who may do what. `can` reads it; docs/ACCESS.md is generated
 * from it (a test keeps them equal). An object invisible to someone (no `read`) is "not found" to
 * them; visible but not allowed is "forbidden".
 *
 * - A database or project belongs to its owner and is shared with the owner's organisation:
 *   members query it read-only, the owner and admins change it. A public database is readable by
 *   everyone, and in safe mode for anyone but its owner (no `write_data`).
 * - Conversations, saved queries, charts, favourites and uploads are private until their owner
 *   shares them with the organisation (`organization` then applies; see `relationOf`).
 * - Business entities, issues and the analyst's memory follow their database.
 * - A user is their own `owner`; admins manage every user and organisation.
 */
const memberTable: Record<ObjectKind, KindRules> = {
  database: { owner: all, organization: useOnly, public: useOnly, none: ['create'] },
  project: { owner: change, organization: useOnly, public: useOnly, none: ['create'] },
  conversation: { owner: ownedPrivate.owner, organization: readOnly, none: ['create'] },
  query: { ...ownedPrivate, none: ['create'] },
  chart: { owner: ownedPrivate.owner, organization: readOnly, none: ['create'] },
  // A star is personal: colleagues star what is shared with them themselves.
  favorite: { owner: ['read', 'edit', 'delete'], none: ['create'] },
  business_entity: { owner: change, organization: ['read', 'run', 'edit'], public: readOnly },
  // Issues are resolved or dismissed (`edit`), never deleted: they go with their database.
  issue: { owner: ['read', 'edit'], organization: ['read', 'edit'], public: readOnly },
  // An upload is a database (the database rows apply to it) that starts private; this row says who may make one.
  upload: { none: ['create'] },
  memory: { owner: ['read', 'edit', 'delete'], organization: readOnly, public: readOnly },
  user: { owner: ['read', 'edit'], organization: readOnly },
  organization: { organization: readOnly },
  credits: { owner: readOnly },
};

export const roleTable: RoleTable = {
  admin: {
    ...memberTable,
    database: {
      owner: [...all, 'publish'],
      organization: [...all, 'publish'],
      public: useOnly,
      none: ['create', 'publish', 'open_host_files'],
    },
    project: { ...memberTable.project, organization: change },
    business_entity: { ...memberTable.business_entity, organization: change },
    memory: { ...memberTable.memory, organization: ['read', 'edit', 'delete'] },
    user: { owner: ['read', 'edit'], organization: ['read', 'edit'], none: ['read', 'edit'] },
    organization: { organization: ['read', 'edit'], none: ['read', 'edit', 'create', 'delete'] },
    credits: { owner: ['read', 'edit'], organization: ['read', 'edit'], none: ['read', 'edit'] },
  },
  member: memberTable,
  /*
   * A sandbox visitor uses public databases (and their publisher's projects) and keeps their own
   * conversations; nothing they make can be shared, and they connect nothing.
   */
  anonymous: {
    database: { public: useOnly },
    project: { public: useOnly },
    conversation: { owner: ['read', 'run', 'edit', 'delete'], none: ['create'] },
    query: { owner: ['read', 'run', 'edit', 'delete'], none: ['create'] },
    chart: { owner: ['read', 'edit', 'delete'], none: ['create'] },
    favorite: { owner: ['read', 'edit', 'delete'], none: ['create'] },
    business_entity: { public: readOnly },
    issue: { public: readOnly },
    upload: {},
    memory: { public: readOnly },
    user: { owner: readOnly },
    organization: {},
    credits: { owner: readOnly },
  },
};
