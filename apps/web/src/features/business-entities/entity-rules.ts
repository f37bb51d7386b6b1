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

export const autoScanPrompt =
  'Explore this database: look at its schemas, tables and sample rows, save what you learn about the business ' +
  'and the data structure to memory, and create the business entities that are missing.';

export function analysisPrompt(entityName: string): string {
  return (
    `Verify the data quality of the business entity "${entityName}": check its completeness and consistency, ` +
    'create an issue for each problem you find, and update its quality score.'
  );
}
