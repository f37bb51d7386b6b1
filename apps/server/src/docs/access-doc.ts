import type { Action, ObjectKind, Relation, Role } from '../modules/access/access-words.ts';
import { actions, objectKinds, relations, roles } from '../modules/access/access-words.ts';
import { roleTable } from '../modules/access/role-table.ts';

const kindNames: Record<ObjectKind, string> = {
  database: 'Database',
  project: 'Project',
  conversation: 'Conversation',
  query: 'Saved query',
  chart: 'Chart',
  favorite: 'Favourite',
  business_entity: 'Business entity (and its checks)',
  issue: 'Issue',
  upload: 'Upload',
  memory: 'Analyst memory',
  semantic_model: 'Semantic model (and its history)',
  dashboard: 'Dashboard (and its tiles)',
  user: 'User account',
  organization: 'Organisation',
  credits: 'Credits',
  subscription: 'Plan bought through Stripe',
  api_key: 'Personal API key',
  organization_api_key: 'Organisation API key',
  connected_app: 'App connected through OAuth',
};

const relationNames: Record<Relation, string> = {
  owner: 'their own',
  organization: 'shared with their organisation',
  public: 'public',
  none: 'anyone else’s (or a new one)',
};

const actionNames: Record<Action, string> = {
  read: 'see',
  run: 'run / ask',
  write_data: 'change data',
  edit: 'edit',
  delete: 'delete',
  share: 'share',
  publish: 'make public',
  confirm_credentials: 'confirm a powerful login',
  create: 'create',
  open_host_files: 'open server files',
  certify: 'certify metrics',
};

function cell(role: Role, kind: ObjectKind, relation: Relation): string {
  const allowed = roleTable[role][kind][relation] ?? [];
  return allowed.length === 0
    ? '—'
    : actions
        .filter((action) => allowed.includes(action))
        .map((a) => actionNames[a])
        .join(', ');
}

/** The role table as the tables of docs/ACCESS.md: one per role, a row per kind, a column per relation. */
export function accessTablesMarkdown(): string {
  const sections = roles.map((role) => {
    const header = `| What | ${relations.map((relation) => relationNames[relation]).join(' | ')} |`;
    const rule = `|---|${relations.map(() => '---').join('|')}|`;
    const rows = objectKinds.map(
      (kind) =>
        `| ${kindNames[kind]} | ${relations.map((relation) => cell(role, kind, relation)).join(' | ')} |`,
    );
    return [`### ${role}`, '', header, rule, ...rows].join('\n');
  });
  return `<!-- generated from apps/server/src/modules/access/role-table.ts: node scripts/access-doc.ts -->\n\n${sections.join('\n\n')}\n`;
}
