import type { CheckDefinition, CheckState, IssueSeverity, TableInfo, TableName } from '@querent/contracts';
import { defaultDimensionOfKind } from '@querent/contracts';
import { describeCheck } from '../checks/check-titles.ts';
import type { NewCheck } from '../checks/check-record.ts';
import { timestampOf } from '../runs/judge.ts';
import { looksTemporal } from './column-roles.ts';
import type { ColumnProfile, TableProfile } from './profile-table.ts';

/*
 * The deterministic scan's rules: which checks a table gets from its constraints and its profile.
 * No model is involved, so the same schema and data always give the same checks.
 */

/** A nullable column filled in at least this share of rows is treated as required (as a warning). */
const MOSTLY_FILLED = 0.9;
/** A text column this distinct (over its non-null values) is taken for a natural key (as a warning). */
const NEARLY_UNIQUE = 0.98;
/** Below this share of rows a value of a few-valued column is not accepted: a typo, not a category. */
const RARE_VALUE = 0.002;
/** Profiles need this many rows before they say anything about what a column should hold. */
const ENOUGH_ROWS = 100;
const ENOUGH_ROWS_FOR_VALUES = 500;
/** The newest row is this recent for the table to count as live, and its freshness checked. */
const LIVE_HOURS = 7 * 24;

type Proposal = Pick<NewCheck, 'definition' | 'severity' | 'warnPercent' | 'failPercent' | 'state'> & {
  /** Overrides the title made from the definition. */
  title?: string;
};

function proposal(
  definition: CheckDefinition,
  severity: IssueSeverity,
  warnPercent: number,
  failPercent: number,
  state: CheckState = 'active',
): Proposal {
  return { definition, severity, warnPercent, failPercent, state };
}

const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));

function freshnessProposal(columns: readonly ColumnProfile[], now: number): Proposal | null {
  const dated = columns
    .map((profile) => ({ profile, at: timestampOf(profile.latest) }))
    .filter((entry): entry is { profile: ColumnProfile; at: number } => entry.at !== null)
    .sort((a, b) => b.at - a.at);
  const newest = dated[0];
  if (!newest) return null;
  const ageHours = Math.max(0, (now - newest.at) / 3_600_000);
  const column = newest.profile.name;
  if (ageHours <= LIVE_HOURS) {
    // A live table: allow twice the age seen now, at least a day.
    const maxAge = Math.max(24, Math.ceil(ageHours * 2));
    return proposal(
      { kind: 'freshness', columns: [column], params: { max_age_hours: maxAge } },
      'medium',
      0,
      100,
    );
  }
  // Older data may be a snapshot on purpose: how fresh it must be is for a person to say.
  const day = new Date(newest.at).toISOString().slice(0, 10);
  return {
    ...proposal(
      { kind: 'freshness', columns: [column], params: { max_age_hours: 24 } },
      'medium',
      0,
      100,
      'proposed',
    ),
    title: `${column} is at most 1 day old (newest is ${day}: accept if this table should stay fresh)`,
  };
}

/**
 * The checks a scan proposes for a table:
 * - schema: the columns it has now; volume: not empty (when it has rows), its count as the baseline;
 * - the key (primary key, or a column unique and filled in every row) → uniqueness, critical;
 * - NOT NULL → completeness (blank text counts as missing); a nullable column filled in 90% of
 *   rows or more → completeness as a low-severity warning;
 * - foreign keys → integrity;
 * - a short text column 98% distinct → uniqueness as a warning (a natural key, e.g. an email);
 * - a text column with at most 30 values → accepted values as a warning, leaving out values under
 *   0.2% of rows, which read as typos rather than categories;
 * - the newest date column → freshness: active when the table is live (a row in the last week),
 *   proposed otherwise.
 */
export function proposeChecks(input: {
  table: TableName;
  info: TableInfo;
  profile: TableProfile;
  key: readonly string[];
  now?: number;
}): (Proposal & { title: string; dimension: NewCheck['dimension'] })[] {
  const { info, profile, key } = input;
  const rows = profile.rows;
  const keyed = lower(key);
  const foreign = lower(info.foreignKeys.flatMap((fk) => fk.columns));
  const byName = new Map(profile.columns.map((column) => [column.name, column]));
  const proposals: Proposal[] = [
    proposal(
      { kind: 'schema', columns: info.columns.map((column) => column.name), params: {} },
      'high',
      0,
      0,
    ),
    proposal({ kind: 'volume', columns: [], params: { min_rows: rows > 0 ? 1 : 0 } }, 'medium', 50, 90),
  ];
  if (key.length > 0)
    proposals.push(proposal({ kind: 'uniqueness', columns: [...key], params: {} }, 'critical', 0, 0));

  for (const column of info.columns) {
    if (keyed.has(column.name.toLowerCase())) continue;
    const seen = byName.get(column.name);
    const filled = seen && rows > 0 ? seen.nonNull / rows : 0;
    if (!column.nullable) {
      proposals.push(
        proposal(
          { kind: 'completeness', columns: [column.name], params: { blank_is_missing: true } },
          'high',
          0,
          1,
        ),
      );
    } else if (rows >= ENOUGH_ROWS && filled >= MOSTLY_FILLED) {
      proposals.push(
        proposal(
          { kind: 'completeness', columns: [column.name], params: { blank_is_missing: true } },
          'low',
          0,
          10,
        ),
      );
    }
  }

  for (const fk of info.foreignKeys) {
    proposals.push(
      proposal(
        {
          kind: 'integrity',
          columns: fk.columns,
          params: {
            references: {
              schema: fk.references.schema,
              table: fk.references.table,
              columns: fk.references.columns,
            },
          },
        },
        'high',
        0,
        1,
      ),
    );
  }

  for (const seen of profile.columns) {
    const name = seen.name.toLowerCase();
    // Text dates are distinct too, but no key: they are left to freshness.
    if (seen.family !== 'text' || keyed.has(name) || foreign.has(name) || looksTemporal(seen.name)) continue;
    const nearlyUnique =
      rows >= ENOUGH_ROWS &&
      seen.nonNull >= rows * MOSTLY_FILLED &&
      seen.distinct >= seen.nonNull * NEARLY_UNIQUE &&
      (seen.maxLength ?? Infinity) <= 100;
    if (nearlyUnique) {
      proposals.push(proposal({ kind: 'uniqueness', columns: [seen.name], params: {} }, 'medium', 0, 100));
    }
    if (rows >= ENOUGH_ROWS_FOR_VALUES && seen.values && seen.values.length > 1) {
      const accepted = seen.values
        .filter((entry) => entry.count >= seen.nonNull * RARE_VALUE)
        .map((entry) => entry.value)
        .sort();
      if (accepted.length > 0) {
        proposals.push(
          proposal(
            { kind: 'validity', columns: [seen.name], params: { accepted_values: accepted } },
            'low',
            0,
            100,
          ),
        );
      }
    }
  }

  const fresh = freshnessProposal(profile.columns, input.now ?? Date.now());
  if (fresh) proposals.push(fresh);

  return proposals.map((entry) => ({
    ...entry,
    title: entry.title ?? describeCheck(input.table, entry.definition),
    dimension: defaultDimensionOfKind[entry.definition.kind],
  }));
}

/** The table's key: its primary key, else a column filled and unique in every row, named like an id. */
export function keyOf(info: TableInfo, profile: TableProfile): string[] {
  if (info.primaryKey.length > 0) return [...info.primaryKey];
  if (profile.rows === 0) return [];
  const unique = profile.columns.filter(
    (column) =>
      column.family !== 'other' && column.nonNull === profile.rows && column.distinct === profile.rows,
  );
  const named = unique.find((column) => /(^|_)(id|key|code)$|[a-z](Id|Key|Code)$/i.test(column.name));
  return named ? [named.name] : [];
}
