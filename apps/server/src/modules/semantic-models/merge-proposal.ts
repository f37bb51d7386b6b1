import type { SemanticModel } from '@querent/contracts';
import { AppError } from '../../errors.ts';

/** The names picked from a proposal, per part; absent means every new item. */
export interface ProposalItems {
  datasets: readonly string[];
  relationships: readonly string[];
  metrics: readonly string[];
}

const parts = ['datasets', 'relationships', 'metrics'] as const;
const singular = { datasets: 'dataset', relationships: 'relationship', metrics: 'metric' } as const;

/**
 * A proposal merged into what a person already has: items whose names are new are added (the
 * picked ones only, when `items` is given); what the model already has stays as the person made
 * it, whatever the proposal says, unless `replace`: then a (picked) proposed item takes the place
 * of the model's item of the same name, as an imported definition is meant to. Proposed metrics
 * come uncertified (the caller keeps a certification whose definition is unchanged). A picked
 * name the proposal does not have is refused (400 naming it).
 */
export function mergeProposal(
  current: SemanticModel | null,
  proposal: SemanticModel,
  items?: ProposalItems,
  replace = false,
): SemanticModel {
  const base: SemanticModel = current ?? { datasets: [], relationships: [], metrics: [] };
  if (items !== undefined) {
    for (const part of parts) {
      const offered = new Set(proposal[part].map((item) => item.name));
      items[part].forEach((name, index) => {
        if (!offered.has(name)) {
          throw new AppError('BAD_REQUEST', `The proposal has no ${singular[part]} called ${name}`, {
            field: `items.${part}[${index}]`,
          });
        }
      });
    }
  }
  const wanted = (part: (typeof parts)[number], name: string) =>
    items === undefined || items[part].includes(name);
  const take = <T extends { name: string }>(
    part: (typeof parts)[number],
    have: readonly T[],
    offered: readonly T[],
  ) => {
    const taken = new Set(have.map((item) => item.name));
    const picked = offered.filter((item) => wanted(part, item.name));
    if (!replace) return [...have, ...picked.filter((item) => !taken.has(item.name))];
    // Replaced items keep their place in the model, so the page's order does not jump.
    const replacing = new Map(picked.map((item) => [item.name, item]));
    return [
      ...have.map((item) => replacing.get(item.name) ?? item),
      ...picked.filter((item) => !taken.has(item.name)),
    ];
  };
  return {
    datasets: take('datasets', base.datasets, proposal.datasets),
    relationships: take('relationships', base.relationships, proposal.relationships),
    metrics: take(
      'metrics',
      base.metrics,
      proposal.metrics.map((metric) => ({ ...metric, certified: null })),
    ),
  };
}
