import type { IssueSeverity } from './issues.ts';

/*
 * The words of data quality and the score's constants, without zod, so the web app can read them
 * at run time. The score formula itself runs on the server (modules/quality/scores); these are the
 * numbers it and the breakdown the web shows agree on.
 */

/**
 * What a check looks at. schema: the table and its expected columns exist; volume: the row count,
 * with an anomaly against earlier runs; completeness: required columns are filled (NULL or blank
 * text is missing); uniqueness: a key, one or several columns; integrity: every reference finds
 * its row in another table; validity: accepted values or a range; freshness: the newest timestamp
 * is recent enough.
 */
export const checkKinds = [
  'schema',
  'volume',
  'completeness',
  'uniqueness',
  'integrity',
  'validity',
  'freshness',
] as const;
export type CheckKind = (typeof checkKinds)[number];

/** The six dimensions a quality score averages; each check counts in one. */
export const qualityDimensions = [
  'completeness',
  'uniqueness',
  'validity',
  'consistency',
  'timeliness',
  'volume',
] as const;
export type QualityDimension = (typeof qualityDimensions)[number];

/** The dimension a check counts in unless it says otherwise. */
export const defaultDimensionOfKind: Readonly<Record<CheckKind, QualityDimension>> = {
  schema: 'consistency',
  volume: 'volume',
  completeness: 'completeness',
  uniqueness: 'uniqueness',
  integrity: 'consistency',
  validity: 'validity',
  freshness: 'timeliness',
};

/**
 * active: run and scored; proposed: suggested (by the scan or the analyst), neither scored nor run
 * on schedule until accepted or run on purpose; muted: kept but ignored, with who muted it and why.
 */
export const checkStates = ['active', 'proposed', 'muted'] as const;
export type CheckState = (typeof checkStates)[number];

export const checkOrigins = ['scan', 'agent', 'user'] as const;
export type CheckOrigin = (typeof checkOrigins)[number];

/** error: the check could not run (it says why); skipped: its table or column is gone. Neither is a pass. */
export const checkRunStatuses = ['pass', 'warn', 'fail', 'error', 'skipped'] as const;
export type CheckRunStatus = (typeof checkRunStatuses)[number];

/** Who opened an issue: a check's run, the analyst, or a person. Only a check's own issues close by themselves. */
export const issueOrigins = ['check', 'agent', 'user'] as const;
export type IssueOrigin = (typeof issueOrigins)[number];

/** The version stored with every score, so a score can be recomputed by the rules it was made with. */
export const QUALITY_FORMULA_VERSION = 'quality-v1';

/** What a check's latest run earns: a pass all, a warning half, a failure nothing. */
export const runStatusPoints: Readonly<Record<'pass' | 'warn' | 'fail', number>> = {
  pass: 1,
  warn: 0.5,
  fail: 0,
};

/** A check's weight within its dimension; each level counts twice the one below. */
export const severityWeights: Readonly<Record<IssueSeverity, number>> = {
  low: 1,
  medium: 2,
  high: 4,
  critical: 8,
};

/** With a failing critical check the quality score is at most this (below 50). */
export const CRITICAL_FAILURE_CAP = 49;

export const dimensionLabels: Readonly<Record<QualityDimension, string>> = {
  completeness: 'Completeness',
  uniqueness: 'Uniqueness',
  validity: 'Validity',
  consistency: 'Consistency',
  timeliness: 'Timeliness',
  volume: 'Volume',
};

export const checkKindLabels: Readonly<Record<CheckKind, string>> = {
  schema: 'Schema',
  volume: 'Volume',
  completeness: 'Completeness',
  uniqueness: 'Uniqueness',
  integrity: 'Referential integrity',
  validity: 'Validity',
  freshness: 'Freshness',
};

/** The items that say how well an entity is defined and modelled (its completeness score). */
export const definitionItems = [
  'definition',
  'table',
  'key',
  'descriptions',
  'required',
  'relationships',
  'freshness',
] as const;
export type DefinitionItem = (typeof definitionItems)[number];

export const definitionItemLabels: Readonly<Record<DefinitionItem, string>> = {
  definition: 'Definition written',
  table: 'Table resolves',
  key: 'Key declared and unique',
  descriptions: 'Columns described',
  required: 'Required columns marked',
  relationships: 'Relationships checked',
  freshness: 'Freshness expected',
};

/** "14 checks, 5 of 6 dimensions": how much of the entity its score covers. */
export function coverageText(coverage: { checks: number; dimensions: number }): string {
  const checks = `${coverage.checks} check${coverage.checks === 1 ? '' : 's'}`;
  return `${checks}, ${coverage.dimensions} of ${qualityDimensions.length} dimensions`;
}
