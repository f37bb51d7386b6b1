import { z } from 'zod';
import type { Reading } from '../setting.ts';
import { accept, integer, refuse, setting } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* Credits in hosted mode: what a new user starts with, and what the analyst and SQL runs cost. */

export interface TokenPrice {
  /** Credits per thousand input (prompt) tokens. */
  input: number;
  /** Credits per thousand output (completion) tokens. */
  output: number;
}

export interface CreditPricing {
  /** The price of a model not named in `models`. */
  defaultPrice: TokenPrice;
  models: Readonly<Record<string, TokenPrice>>;
  /** The least an answered analyst turn costs. */
  minimumPerTurn: number;
  /** Credits held before a turn's first model call; the turn's real cost is settled after. */
  turnHold: number;
  /** The price of one SQL run of the user's own (editor, chat SQL, saved queries, exports); 0: free. */
  perQuery: number;
}

/** A plan the operator sells: a monthly allowance of credits, its price in words, where to pay. */
export interface CreditPlan {
  id: string;
  name: string;
  monthlyCredits: number;
  /** Shown as written, e.g. "$49 a month". */
  price: string;
  /** A payment page of the operator's (e.g. a Stripe payment link); null: ask an administrator. */
  paymentLink: string | null;
  /** The recurring Stripe price a checkout for this plan uses; null: not sold through Stripe. */
  stripePrice: string | null;
}

const planSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'id: lowercase letters, digits and dashes'),
  name: z.string().min(1),
  monthly_credits: z.number().int().min(1),
  price: z.string().min(1),
  payment_link: z.url({ protocol: /^https?$/ }).optional(),
  stripe_price: z.string().min(1).optional(),
});

function readPlans(value: string): Reading<readonly CreditPlan[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return refuse('must be a JSON list of plans');
  }
  const plans = z.array(planSchema).safeParse(parsed);
  if (!plans.success) return refuse(`must be a JSON list of plans: ${plans.error.issues[0]?.message ?? ''}`);
  const ids = new Set(plans.data.map((plan) => plan.id));
  if (ids.size !== plans.data.length) return refuse('gives two plans the same id');
  return accept(
    plans.data.map((plan) => ({
      id: plan.id,
      name: plan.name,
      monthlyCredits: plan.monthly_credits,
      price: plan.price,
      paymentLink: plan.payment_link ?? null,
      stripePrice: plan.stripe_price ?? null,
    })),
  );
}

const MAX_PRICE = 1_000_000;

function readPrice(value: string): Reading<number> {
  const parsed = Number(value);
  return /^\d+(\.\d+)?$/.test(value) && parsed <= MAX_PRICE
    ? accept(parsed)
    : refuse(`must be a number between 0 and ${MAX_PRICE}`);
}

/** `model=input/output` pairs, comma-separated, e.g. `gpt-4o=2.5/10,claude-sonnet-4-5=3/15`. */
function readModelPrices(value: string): Reading<Readonly<Record<string, TokenPrice>>> {
  const prices: Record<string, TokenPrice> = {};
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const match = /^([^=\s]+)\s*=\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(item);
    if (!match) return refuse(`"${item}" is not model=input/output (credits per 1000 tokens)`);
    const [, model = '', input = '0', output = '0'] = match;
    prices[model] = { input: Number(input), output: Number(output) };
  }
  return accept(prices);
}

const settings = {
  plans: setting({
    name: 'CREDIT_PLANS',
    default: [],
    shownDefault: '(none)',
    read: readPlans,
    description:
      'Plans shown on /subscribe, as JSON: [{"id":"team","name":"Team","monthly_credits":5000,"price":"$49 a month","payment_link":"https://…"}]. A plan\'s allowance is added every month to the balances on it (or by each paid Stripe invoice) and what is left of it expires when the next comes; purchased and granted credits never expire.',
  }),
  signupCredits: integer({
    name: 'SIGNUP_CREDITS',
    min: 0,
    max: 1_000_000_000,
    default: 100,
    description: 'Credits a new user starts with in hosted mode; 0 gives none.',
  }),
  inputPrice: setting({
    name: 'CREDIT_PRICE_INPUT_PER_1K',
    default: 1,
    read: readPrice,
    description:
      'Credits per thousand input tokens of a model CREDIT_MODEL_PRICES does not name (hosted mode).',
  }),
  outputPrice: setting({
    name: 'CREDIT_PRICE_OUTPUT_PER_1K',
    default: 3,
    read: readPrice,
    description:
      'Credits per thousand output tokens of a model CREDIT_MODEL_PRICES does not name (hosted mode).',
  }),
  modelPrices: setting({
    name: 'CREDIT_MODEL_PRICES',
    default: {},
    shownDefault: '(none)',
    read: readModelPrices,
    description:
      'Prices per model as comma-separated model=input/output credits per thousand tokens, e.g. gpt-4o=2.5/10. The offline analyst is free.',
  }),
  minimumPerTurn: integer({
    name: 'CREDIT_MIN_PER_TURN',
    min: 0,
    max: 1_000_000,
    default: 1,
    description: 'The least an answered analyst turn costs, in credits (hosted mode).',
  }),
  turnHold: integer({
    name: 'CREDIT_TURN_HOLD',
    min: 1,
    max: 1_000_000,
    default: 50,
    description:
      "Credits set aside before an analyst turn's first model call so concurrent turns cannot overspend; the turn is charged its real token usage after.",
  }),
  perQuery: integer({
    name: 'CREDIT_PRICE_PER_QUERY',
    min: 0,
    max: 1_000_000,
    default: 0,
    description:
      "Credits one run of the user's own SQL costs (editor, chat SQL, saved queries, exports, each tile of a dashboard opened) in hosted mode; 0 keeps them free.",
  }),
};

export const creditSettings = defineSettings(settings, (values) => ({
  signupCredits: values.signupCredits,
  creditPlans: values.plans,
  creditPricing: {
    defaultPrice: { input: values.inputPrice, output: values.outputPrice },
    models: values.modelPrices,
    minimumPerTurn: values.minimumPerTurn,
    turnHold: values.turnHold,
    perQuery: values.perQuery,
  } satisfies CreditPricing,
}));
