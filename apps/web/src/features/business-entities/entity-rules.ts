import type { BusinessEntity } from '@querent/contracts';

/** A score bar is green at 90 or more, yellow at 70 or more, otherwise red. */
export type ScoreColor = 'green' | 'yellow' | 'red';
export function scoreColor(percent: number): ScoreColor {
  if (percent >= 90) return 'green';
  if (percent >= 70) return 'yellow';
  return 'red';
}

export const TOP_ISSUES = 2;

export function topIssues(entity: BusinessEntity): { titles: string[]; more: number } {
  const issues = entity.issues ?? [];
  return {
    titles: issues.slice(0, TOP_ISSUES).map((issue) => issue.title),
    more: Math.max(0, issues.length - TOP_ISSUES),
  };
}

/** Case-insensitive substring match on the entity name. */
export function filterEntities(entities: BusinessEntity[], search: string): BusinessEntity[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return entities;
  return entities.filter((entity) => entity.name.toLowerCase().includes(needle));
}

export function isScanned(entity: BusinessEntity): boolean {
  return entity.review_date !== null;
}

export const ENTITIES_ERROR_DEFAULT = 'An error occurred while fetching business entities';
export const NO_CONTEXT_ERROR = 'No context selected';

// The texts Scan auto and Start Analysis send; the server's offline analyst recognises the same ones.
export { analysisPrompt, autoScanPrompt } from '@querent/contracts';

/** Shown instead of a percent when nothing was scored: never 100, never 0. */
export const NOT_ASSESSED = 'Not assessed';
