import type { SemanticModel } from '@querent/contracts';

/*
 * What an import or export could not carry over, said once per item: the item's path in the
 * source ("metrics.revenue_growth_mom", "semantic_models.orders.measures.median_revenue") and
 * why. Nothing is dropped without one of these.
 */

export interface InterchangeWarning {
  /** Where in the source document the item is. */
  item: string;
  message: string;
}

export interface InterchangeWarnings {
  list: InterchangeWarning[];
  add(item: string, message: string): void;
}

export function collectWarnings(): InterchangeWarnings {
  const list: InterchangeWarning[] = [];
  return { list, add: (item, message) => list.push({ item, message }) };
}

/** What an import gives: a model that passes validateSemanticModel, and what it left out. */
export interface ImportedSemanticModel {
  model: SemanticModel;
  warnings: InterchangeWarning[];
}
