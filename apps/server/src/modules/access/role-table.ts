import type { Action, ObjectKind, Relation, Role } from './access-words.ts';

/** For one kind of object: what may be done, by how one stands to the object. */
export type KindRules = Readonly<Partial<Record<Relation, readonly Action[]>>>;
export type RoleTable = Readonly<Record<Role, Readonly<Record<ObjectKind, KindRules>>>>;

const all = ['read', 'run', 'write_data', 'edit', 'delete', 'share'] as const;
const useOnly = ['read', 'run'] as const;
const readOnly = ['read'] as const;
const change = ['read', 'run', 'edit', 'delete'] as const;
const useAndChange = ['read', 'run', 'edit'] as const;
const ownedPrivate = { owner: ['read', 'run', 'edit', 'delete', 'share'], organization: useOnly } as const;
/** What the administrators of Querent do to a database beyond its owner: publish it, vouch for its login. */
const administer = ['publish', 'confirm_credentials'] as const;

/*
 * The roles as data: the whole of who may do what. `can` reads it; docs/ACCESS.md is generated
 * from it (a test keeps them equal). An object invisible to someone (no `read`) is "not found" to
 * them; visible but not allowed is "forbidden". Questions about a kind (`none`: `create`, and
 * administering everyone's people and credits) are asked with `kindSubject`.
 *
 * - A database or project belongs to its owner and is shared with the owner's organisation:
 *   members query it read-only, the owner and admins change it. A public database is readable by
 *   everyone, and in safe mode for anyone but its owner (no `write_data`). Running SQL on it, from
 *   any path, is `run`.
 * - Conversations, saved queries and charts are private until their owner shares them with the
 *   organisation (`organization` then applies; see `relationOf`). A chart is drawn from its
 *   query's stored result; running it again is the query's `run`.
 * - A favourite (a star) is its owner's alone: made, listed and removed by them.
 * - A database's semantic model follows it: whoever sees the database reads it; whoever may change
 *   the database's settings (its owner, administrators) edits it and its proposals, and certifies
 *   its metrics (`certify`, a separate action so that vouching may be narrowed on its own).
 * - Business entities and their checks, issues and the analyst's memory follow their database.
 *   Running an entity's checks (`run`) writes the shared scores and issues, so it goes with
 *   changing them; a check is removed by changing its entity (`edit`).
 * - An upload is a database (the database rows apply to it); its own row says who may make one
 *   and that only its owner adds files to it.
 * - A dashboard is private to its owner until they share it with the organisation or make it
 *   public (`publish`: readable by everyone, anonymous visitors included); others only read it. It
 *   holds no data of its own: each tile shows rows only to whoever may read its database.
 * - A user sees their own account and their organisation; admins manage every user and
 *   organisation (asked of the kind).
 * - Everyone sees their own credits; admins change anyone's and see everyone's use (asked of the
 *   kind). A plan bought through Stripe is managed by whoever bought it, or an admin of the
 *   organisation whose pool it pays for.
 * - A personal API key is its maker's alone: made, listed and revoked (`delete`) by them. An
 *   organisation key acts as a service member of its organisation; admins make, list and revoke
 *   them (asked of the kind). Visitors make no key. Whatever the key, what it does is capped by
 *   `can` (read and run only) and by its scopes.
 */
const memberTable: Record<ObjectKind, KindRules> = {
  database: { owner: all, organization: useOnly, public: useOnly, none: ['create'] },
  project: { owner: change, organization: useOnly, public: useOnly, none: ['create'] },
  conversation: { owner: ownedPrivate.owner, organization: readOnly, none: ['create'] },
  query: { ...ownedPrivate, none: ['create'] },
  chart: { owner: ['read', 'edit', 'delete', 'share'], organization: readOnly, none: ['create'] },
  // A star is personal: colleagues star what is shared with them themselves.
  favorite: { owner: ['read', 'delete'], none: ['create'] },
  business_entity: { owner: useAndChange, organization: useAndChange, public: readOnly },
  // Issues are resolved or dismissed (`edit`), never deleted: they go with their database.
  issue: { owner: ['read', 'edit'], organization: ['read', 'edit'], public: readOnly },
  upload: { owner: ['write_data'], none: ['create'] },
  memory: { owner: ['read', 'edit', 'delete'], organization: readOnly, public: readOnly },
  semantic_model: { owner: ['read', 'edit', 'certify'], organization: readOnly, public: readOnly },
  dashboard: {
    owner: ['read', 'edit', 'delete', 'share', 'publish'],
    organization: readOnly,
    public: readOnly,
    none: ['create'],
  },
  user: { owner: readOnly },
  organization: { organization: readOnly },
  credits: { owner: readOnly },
  subscription: { owner: ['edit'] },
  api_key: { owner: ['read', 'delete'], none: ['create'] },
  organization_api_key: {},
  // An app connected through OAuth: its person sees and disconnects it.
  connected_app: { owner: ['read', 'delete'] },
};

export const roleTable: RoleTable = {
  admin: {
    ...memberTable,
    database: {
      owner: [...all, ...administer],
      organization: [...all, ...administer],
      public: useOnly,
      none: ['create', ...administer, 'open_host_files'],
    },
    project: { ...memberTable.project, organization: change },
    memory: { ...memberTable.memory, organization: ['read', 'edit', 'delete'] },
    semantic_model: { ...memberTable.semantic_model, organization: ['read', 'edit', 'certify'] },
    user: { owner: readOnly, none: ['read', 'edit'] },
    organization: { organization: readOnly, none: ['read', 'edit', 'create', 'delete'] },
    credits: { owner: readOnly, none: ['read', 'edit'] },
    subscription: { owner: ['edit'], organization: ['edit'] },
    organization_api_key: { none: ['read', 'create', 'delete'] },
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
    favorite: { owner: ['read', 'delete'], none: ['create'] },
    business_entity: { public: readOnly },
    issue: { public: readOnly },
    upload: {},
    memory: { public: readOnly },
    semantic_model: { public: readOnly },
    // Their own dashboards, never shared; public ones they read.
    dashboard: { owner: ['read', 'edit', 'delete'], public: readOnly, none: ['create'] },
    user: { owner: readOnly },
    organization: {},
    credits: { owner: readOnly },
    // A visitor may buy a plan for their own balance, and so manage it.
    subscription: { owner: ['edit'] },
    api_key: {},
    organization_api_key: {},
    connected_app: {},
  },
};
