import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';

/*
 * A golden set: questions about one database, each with the SQL that answers it (per dialect where
 * the dialects differ), its tags, the moment it is asked ("now"), earlier turns when it follows up
 * on them, and what a careful analyst does with it: answer, refuse, or ask which reading is meant.
 */

export const expectedOutcomes = ['answer', 'refusal', 'clarification'] as const;
export type ExpectedOutcome = (typeof expectedOutcomes)[number];

export const sqlDialects = ['sqlite', 'postgres', 'mysql', 'duckdb', 'snowflake', 'bigquery'] as const;
export type EvalDialect = (typeof sqlDialects)[number];

/** One SQL for every dialect, or one per dialect (with `default` for the rest). */
const sqlSchema = z.union([
  z.string().min(1),
  z.partialRecord(z.enum([...sqlDialects, 'default']), z.string().min(1)),
]);
export type CaseSql = z.infer<typeof sqlSchema>;

const caseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'is lower-case words joined by hyphens'),
    question: z.string().min(1),
    tags: z.array(z.string().min(1)).min(1),
    expect: z.enum(expectedOutcomes),
    /** What answers the question; required when the expected outcome is an answer. */
    sql: sqlSchema.optional(),
    /** Other readings a careful analyst may answer with, each as right as `sql` (say why in `note`). */
    alsoRight: z.array(sqlSchema).optional(),
    /** Earlier questions of the same conversation, asked first, when this one follows up on them. */
    turns: z.array(z.string().min(1)).optional(),
    /** The moment the question is asked (ISO 8601); the set's `now` when absent. */
    now: z.iso.datetime({ offset: true }).optional(),
    /** Compare rows in order; by default only when the reference SQL both orders and limits. */
    ordered: z.boolean().optional(),
    note: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.expect === 'answer' && value.sql === undefined)
      ctx.addIssue({ code: 'custom', path: ['sql'], message: 'is required when expect is answer' });
  });
export type GoldenCase = z.infer<typeof caseSchema>;

const setSchema = z
  .object({
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    /** `demo-shop`, `chinook`, a SQLite or DuckDB file, or a connection URL; --database overrides it. */
    database: z.string().min(1).optional(),
    now: z.iso.datetime({ offset: true }),
    /** Decimal places numbers must agree to: 2 means a difference of at most 0.01. */
    precision: z.number().int().min(0).max(12).default(2),
    cases: z.array(caseSchema).min(1),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.cases.forEach((entry, index) => {
      if (seen.has(entry.id))
        ctx.addIssue({ code: 'custom', path: ['cases', index, 'id'], message: `repeats ${entry.id}` });
      seen.add(entry.id);
    });
  });

export interface GoldenSet extends z.infer<typeof setSchema> {
  name: string;
  file: string;
}

/** Reads and checks a set file; a mistake names the case and the field. */
export function loadGoldenSet(file: string): GoldenSet {
  const parsed = setSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${file} is not a valid golden set:\n${issues.join('\n')}`);
  }
  return { ...parsed.data, name: parsed.data.name ?? basename(file).replace(/\.json$/, ''), file };
}

/** The case's SQL for a dialect; null when it has none for it. */
export function sqlFor(sql: CaseSql | undefined, dialect: EvalDialect): string | null {
  if (sql === undefined) return null;
  if (typeof sql === 'string') return sql;
  return sql[dialect] ?? sql.default ?? null;
}

export function caseNow(set: GoldenSet, entry: GoldenCase): string {
  return entry.now ?? set.now;
}
