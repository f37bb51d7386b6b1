import type { ModelUsage } from '../../agent/agent-port.ts';
import type { CreditPricing } from '../../config/settings/credits.ts';

/** Credits a model's usage costs at its configured price (the default for an unnamed model), unrounded. */
export function priceUsage(pricing: CreditPricing, usage: ModelUsage): number {
  const price = pricing.models[usage.modelId] ?? pricing.defaultPrice;
  return (usage.inputTokens / 1000) * price.input + (usage.outputTokens / 1000) * price.output;
}
