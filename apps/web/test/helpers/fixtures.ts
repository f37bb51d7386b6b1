import type {
  Abilities,
  BusinessEntity,
  ColumnInfo,
  Database,
  Project,
  SchemaInfo,
  PersonAbilities,
  ServerUser,
  TableInfo,
} from '@querent/contracts';
import type { TestServer } from './test-server.ts';

/** An object's abilities as the server sends them: the actions named are allowed, every other one refused. */
export function abilitiesFor(...allowed: (keyof Abilities)[]): Abilities {
  const all: (keyof Abilities)[] = [
    'run',
    'write_data',
    'edit',
    'delete',
    'share',
    'publish',
    'confirm_credentials',
  ];
  return Object.fromEntries(all.map((action) => [action, allowed.includes(action)])) as Abilities;
}

/** What the server's policy lets a person of this role do (GET /api/user's `abilities`). */
export function personAbilitiesOf(role: string): PersonAbilities {
  const admin = role === 'admin';
  return {
    publish_databases: admin,
    confirm_credentials: admin,
    manage_people: admin,
    manage_credits: admin,
    create_api_keys: admin || role === 'member',
    manage_organization_keys: admin,
  };
}

/** A database as the API returns it (contracts' shape); tests override what they look at. */
export function makeDatabase(overrides: Partial<Database> = {}): Database {
  return {
    id: 'd1',
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: '/data/chinook.sqlite' },
    safe_mode: false,
    public: false,
    dbt_catalog: null,
    dbt_manifest: null,
    statement_timeout_ms: null,
    editable: true,
    // The local administrator's own database: everything is allowed.
    abilities: abilitiesFor('run', 'write_data', 'edit', 'delete', 'share', 'publish', 'confirm_credentials'),
    shared: true,
    credential_warning: null,
    ...overrides,
  };
}

/** A business entity as GET /api/business-entities returns it, not yet scored or reviewed. */
export function makeEntity(overrides: Partial<BusinessEntity> = {}): BusinessEntity {
  return {
    id: 'e1',
    name: 'Customer',
    definition: null,
    table_ref: null,
    review_date: null,
    review_conversation_id: null,
    completeness: null,
    quality_score: null,
    issues: [],
    ...overrides,
  };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    name: 'Sales',
    description: null,
    databaseId: 'd1',
    tables: [],
    createdAt: '2026-01-16T10:00:00.000Z',
    updatedAt: '2026-01-16T10:00:00.000Z',
    editable: true,
    abilities: abilitiesFor('run', 'edit', 'delete', 'share'),
    ...overrides,
  };
}

export function makeColumn(name: string, overrides: Partial<ColumnInfo> = {}): ColumnInfo {
  return { name, type: 'integer', nullable: true, comment: null, dbtDescription: null, ...overrides };
}

export function makeTable(name: string, overrides: Partial<TableInfo> = {}): TableInfo {
  return {
    name,
    kind: 'table',
    comment: null,
    rowEstimate: null,
    columns: [makeColumn('id', { nullable: false })],
    primaryKey: ['id'],
    foreignKeys: [],
    dbtDescription: null,
    ...overrides,
  };
}

export function makeSchema(schemas: Record<string, TableInfo[]>): SchemaInfo {
  return {
    schemas: Object.entries(schemas).map(([name, tables]) => ({ name, tables })),
    introspectedAt: new Date().toISOString(),
  };
}

export function serverUser(role: string): ServerUser {
  return {
    id: role === 'anonymous' ? 'visitor' : 'local',
    email: null,
    first_name: 'Local',
    last_name: null,
    profile_picture_url: null,
    role,
    organization_id: null,
    abilities: personAbilitiesOf(role),
  };
}

/** The calls every screen makes on its way in: who am I, credits, and the two context lists. */
export function stubSession(
  server: TestServer,
  options: { role?: string; databases?: Database[]; projects?: Project[] } = {},
): void {
  server.on('GET /api/user', { body: serverUser(options.role ?? 'admin') });
  server.on('GET /api/user/credits', { body: { credits_remaining: null, unlimited: true } });
  server.on('GET /api/auth', { body: { authorization_url: null } });
  server.on('GET /api/databases', { body: options.databases ?? [] });
  server.on('GET /api/projects', { body: options.projects ?? [] });
  server.on('GET /api/conversations', { body: [] });
  server.on('GET /api/business-entities', { body: [] });
  server.on('GET /api/issues', { body: [] });
}
