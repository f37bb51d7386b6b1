// A generated warehouse schema for the schema benchmarks: business-like names, comments and dbt
// docs, foreign keys; deterministic, so every run measures the same schema.
import type { ColumnInfo, SchemaInfo, TableInfo } from '@querent/contracts';

export const domains = [
  'sales',
  'finance',
  'marketing',
  'hr',
  'support',
  'logistics',
  'billing',
  'inventory',
  'procurement',
  'legal',
  'risk',
  'retail',
  'wholesale',
  'partner',
  'web',
  'mobile',
  'field',
  'research',
  'operations',
  'compliance',
];
export const entities = [
  'customer',
  'order',
  'invoice',
  'product',
  'shipment',
  'payment',
  'employee',
  'campaign',
  'ticket',
  'supplier',
  'warehouse',
  'refund',
  'subscription',
  'contract',
  'lead',
  'account',
  'budget',
  'forecast',
  'return',
  'review',
  'session',
  'device',
  'transaction',
  'claim',
  'policy',
];
export const grains = [
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'history',
  'snapshot',
  'summary',
  'staging',
  'archive',
  'audit',
];

const attributes = [
  ['amount', 'numeric(12,2)'],
  ['status', 'text'],
  ['created_at', 'timestamp'],
  ['updated_at', 'timestamp'],
  ['country', 'text'],
  ['email', 'text'],
  ['quantity', 'integer'],
  ['currency', 'text'],
  ['region', 'text'],
  ['channel', 'text'],
  ['score', 'numeric(5,2)'],
  ['note', 'text'],
  ['is_active', 'boolean'],
  ['code', 'text'],
] as const;

/** A small deterministic generator (mulberry32), so the schema and the questions never change. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const abbreviate = (word: string) => word.slice(0, word.length > 5 ? 4 : 3);

export interface GeneratedTable {
  domain: string;
  entity: string;
  grain: string;
  /** Named with abbreviations ("fin_cust_dly"): only its dbt description says what it holds in words. */
  abbreviated: boolean;
  table: TableInfo;
}

function column(name: string, type: string, comment: string | null = null): ColumnInfo {
  return { name, type, nullable: name !== 'id', comment, dbtDescription: null };
}

/**
 * `count` tables, domain × entity × grain (with a number when there are more than 5,000 such
 * triples): a key, keys to two other entities' tables, and 6 to 14 attributes. A fifth are named
 * with abbreviations and described in dbt; the rest carry a comment on some.
 */
export function generateTables(count: number, seed = 7): GeneratedTable[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const tables: GeneratedTable[] = [];
  for (let index = 0; index < count; index += 1) {
    const grain = grains[index % grains.length] ?? 'daily';
    const entity = entities[Math.floor(index / grains.length) % entities.length] ?? 'order';
    const domain = domains[Math.floor(index / (grains.length * entities.length)) % domains.length] ?? 'sales';
    const round = Math.floor(index / (grains.length * entities.length * domains.length));
    const abbreviated = next() < 0.2;
    const base = abbreviated
      ? `${abbreviate(domain)}_${abbreviate(entity)}_${abbreviate(grain)}`
      : `${domain}_${entity}_${grain}`;
    const name = round === 0 ? base : `${base}_${round + 1}`;
    const others = [pick(entities), pick(entities)].filter((other) => other !== entity);
    const columns = [
      column('id', 'integer'),
      column(`${entity}_id`, 'integer'),
      ...others.map((other) => column(`${other}_id`, 'integer')),
      ...Array.from({ length: 6 + Math.floor(next() * 9) }, () => pick(attributes))
        .filter((attribute, position, list) => list.indexOf(attribute) === position)
        .map(([attribute, type]) => column(attribute, type)),
    ];
    const words = `${grain} ${entity} records of the ${domain} team`;
    tables.push({
      domain,
      entity,
      grain,
      abbreviated,
      table: {
        name,
        kind: 'table',
        comment: !abbreviated && next() < 0.3 ? `The ${domain} team's ${entity} data, ${grain}` : null,
        dbtDescription: abbreviated ? words : null,
        rowEstimate: Math.floor(next() * 1_000_000),
        primaryKey: ['id'],
        foreignKeys: others.map((other) => ({
          name: null,
          columns: [`${other}_id`],
          references: { schema: 'warehouse', table: `${domain}_${other}_${grain}`, columns: ['id'] },
        })),
        columns,
      },
    });
  }
  return tables;
}

export function schemaOf(tables: readonly GeneratedTable[]): SchemaInfo {
  return {
    introspectedAt: '2026-11-25T00:00:00.000Z',
    schemas: [{ name: 'warehouse', tables: tables.map((entry) => entry.table) }],
  };
}
