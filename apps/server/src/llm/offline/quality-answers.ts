import { OFFLINE_FOOTER } from './answer-text.ts';

/*
 * The offline analyst's answers to data-quality requests, from the quality tools' outputs: the
 * scores as computed (never its own), the issues found, and what the user can do next.
 */

interface EntityLine {
  name?: unknown;
  table?: unknown;
  quality_score?: unknown;
  completeness?: unknown;
  coverage?: unknown;
  arithmetic?: unknown;
  issues?: unknown;
  more_issues?: unknown;
}

interface IssueLine {
  title?: unknown;
  severity?: unknown;
  observed?: unknown;
}

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const score = (value: unknown): string =>
  typeof value === 'number' ? String(Math.round(value)) : 'not assessed';
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

const HOW_SCORES_WORK =
  'Scores are computed from the checks’ stored runs, never guessed: a check earns 1 when it passes, 0.5 when it warns and 0 when it fails, weighed by severity within its dimension; the quality score is the mean of the dimensions checked, capped at 49 when a critical check fails. Completeness says how well the entity is defined (definition, key, descriptions, required columns, relationships, freshness). Open an entity on the Business Entities page for the whole breakdown.';

function issueTitles(entity: EntityLine): string {
  const issues = list(entity.issues) as IssueLine[];
  if (issues.length === 0) return '—';
  const more = count(entity.more_issues);
  return issues
    .slice(0, 2)
    .map((issue) => text(issue.title))
    .join('; ')
    .concat(issues.length > 2 || more > 0 ? ` (+${issues.length - 2 + more} more)` : '');
}

function statusLine(checks: unknown): string {
  const counts = (checks ?? {}) as Record<string, unknown>;
  return ['pass', 'warn', 'fail', 'error', 'skipped']
    .map(
      (status) =>
        `${count(counts[status])} ${status === 'pass' ? 'passed' : status === 'warn' ? 'warned' : status === 'fail' ? 'failed' : status === 'error' ? 'errors' : 'skipped'}`,
    )
    .join(', ');
}

function failure(what: string, output: Record<string, unknown>): string {
  return `${what} could not be done: ${text(output.error, 'no answer')}.\n\n${OFFLINE_FOOTER}`;
}

export function answerScan(output: Record<string, unknown>): string {
  if (typeof output.error === 'string') return failure('The scan', output);
  const entities = list(output.entities) as EntityLine[];
  const rows = entities.map(
    (entity) =>
      `| ${text(entity.name)} | ${text(entity.table, '—')} | ${score(entity.quality_score)} | ${score(entity.completeness)} | ${text(entity.coverage)} | ${issueTitles(entity)} |`,
  );
  const issues = (output.issues ?? {}) as Record<string, unknown>;
  const opened = count(issues.opened) + count(issues.reopened);
  const skipped = list(output.skipped) as { table?: unknown; reason?: unknown }[];
  return [
    `I scanned **${text(output.database)}** with Querent's deterministic rules: ${count(output.tables)} tables, ${entities.length + count(output.more_entities)} business entities (${count(output.entities_created)} new), ${count(output.checks_created)} new checks.`,
    [
      '| Entity | Table | Quality | Completeness | Coverage | Open issues |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
    `Checks run: ${statusLine(output.checks)}. Issues: ${opened} opened, ${count(issues.updated)} updated, ${count(issues.resolved)} resolved.`,
    ...(skipped.length > 0
      ? [
          `No entity for ${skipped.map((entry) => `${text(entry.table)} (${text(entry.reason)})`).join(', ')}.`,
        ]
      : []),
    HOW_SCORES_WORK,
    'Freshness checks stay proposed when a table’s newest row is old (it may be a snapshot on purpose): accept one on the entity’s page if that table should stay fresh. Say "that is expected" after a finding that is normal, and I will mute its check.',
    OFFLINE_FOOTER,
  ].join('\n\n');
}

export function answerAnalysis(output: Record<string, unknown>): string {
  if (typeof output.error === 'string') return failure('The analysis', output);
  const entity = (output.entity ?? {}) as EntityLine;
  const issues = list(entity.issues) as IssueLine[];
  const lines = issues.map(
    (issue) =>
      `- **${text(issue.title)}** (${text(issue.severity)}): ${text(issue.observed, 'see the issues page')}`,
  );
  return [
    `**${text(entity.name)}** (${text(entity.table, 'no table')}): quality **${score(entity.quality_score)}**, completeness **${score(entity.completeness)}**; ${text(entity.coverage)}.`,
    `Quality: ${text(entity.arithmetic)}`,
    `Checks run: ${statusLine(output.checks)}; ${count(output.checks_created)} new checks.`,
    lines.length > 0 ? ['Open issues:', ...lines].join('\n') : 'No open issue.',
    HOW_SCORES_WORK,
    'Say "that is expected" (or "<issue title> is expected") when a finding is normal, and I will mute its check.',
    OFFLINE_FOOTER,
  ].join('\n\n');
}

export function answerMute(output: Record<string, unknown>): string {
  if (typeof output.error === 'string') return failure('Muting', output);
  const dismissed =
    typeof output.dismissedIssue === 'string' ? ` and dismissed “${output.dismissedIssue}”` : '';
  return [
    `Muted the check **${text(output.check)}**${dismissed}, recording your reason: “${text(output.reason)}”. It no longer runs nor counts until someone changes or unmutes it on the entity’s page.`,
    `${text(output.entity, 'The entity')} is now scored ${score(output.qualityScore)}.`,
    OFFLINE_FOOTER,
  ].join('\n\n');
}
