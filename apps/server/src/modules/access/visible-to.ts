import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { ObjectKind, Relation } from './access-words.ts';
import type { Actor } from './can.ts';
import { roleTable } from './role-table.ts';

/** The columns of a table (or join) that say who owns a row and how far it is shared. */
export interface VisibilityColumns {
  owner: string;
  organization: string;
  /** A boolean column, or `true` for kinds always shared with the organisation (databases, projects). */
  shared: string | true;
  /** A boolean column or condition, or absent for kinds never public. */
  public?: string | Expression<SqlBool>;
}

/** The relations under which the actor's role may read the kind, from the role table. */
export function readingRelations(actor: Actor, kind: ObjectKind): Relation[] {
  const rules = roleTable[actor.role][kind];
  return (Object.keys(rules) as Relation[]).filter((relation) => rules[relation]?.includes('read'));
}

/**
 * The SQL condition "this row is visible to the actor" for list queries: the same facts as
 * `relationOf`, asked of the role table, so a list shows exactly the rows `can(actor, 'read')`
 * allows one by one. A kind followed through a parent adds the parent's condition itself.
 */
export function visibleTo(actor: Actor, kind: ObjectKind, columns: VisibilityColumns): Expression<SqlBool> {
  const relations = readingRelations(actor, kind);
  if (relations.includes('none')) return sql<SqlBool>`1 = 1`;
  const alternatives: Expression<SqlBool>[] = [];
  if (relations.includes('owner')) alternatives.push(sql<SqlBool>`${sql.ref(columns.owner)} = ${actor.id}`);
  if (relations.includes('organization') && actor.organizationId !== null) {
    const shared =
      columns.shared === true ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(columns.shared)} = ${true}`;
    alternatives.push(
      sql<SqlBool>`(${sql.ref(columns.organization)} = ${actor.organizationId} and ${shared})`,
    );
  }
  if (relations.includes('public') && columns.public !== undefined) {
    alternatives.push(
      typeof columns.public === 'string'
        ? sql<SqlBool>`${sql.ref(columns.public)} = ${true}`
        : columns.public,
    );
  }
  if (alternatives.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}
