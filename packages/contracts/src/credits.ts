import { z } from 'zod';

export const creditEntryKinds = ['grant', 'allowance', 'purchase', 'spend', 'refund', 'expiry'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

/** POST /api/credits/grants: an administrator adds (or with a negative amount removes) credits. */
export const creditGrantSchema = z
  .object({
    /** The user whose own balance changes, by id or by email; or */
    user_id: z.string().min(1).optional(),
    email: z.string().trim().min(1).optional(),
    /** the organisation whose pool changes. */
    organization_id: z.string().min(1).optional(),
    amount: z
      .number()
      .int()
      .refine((value) => value !== 0, 'must not be 0'),
    reason: z.string().trim().min(1, 'say why the credits change').max(500),
  })
  .refine(
    (body) =>
      [body.user_id, body.email, body.organization_id].filter((value) => value !== undefined).length === 1,
    { message: 'name one of user_id, email or organization_id', path: ['user_id'] },
  );
export type CreditGrant = z.infer<typeof creditGrantSchema>;

export const creditGrantResultSchema = z.object({
  /** The changed balance afterwards. */
  credits_remaining: z.number(),
});

/** One change of a balance, as the ledger keeps it. */
export const creditEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(creditEntryKinds),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** GET /api/user/credits/history: the balance the user draws on and its latest entries. */
export const creditHistorySchema = z.object({
  credits_remaining: z.number(),
  unlimited: z.boolean(),
  /** True when the user draws on their organisation's pool. */
  organization_pool: z.boolean(),
  entries: z.array(creditEntrySchema),
  /** Credits the user spent each day of the last 30 (UTC), oldest first; days without use omitted. */
  usage_by_day: z.array(z.object({ day: z.string(), credits: z.number() })),
});
export type CreditHistory = z.infer<typeof creditHistorySchema>;

/** A plan the operator sells, as /subscribe shows it. */
export const creditPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthly_credits: z.number(),
  price: z.string(),
  payment_link: z.string().nullable(),
  /** True when the plan can be bought here through Stripe Checkout. */
  buy_online: z.boolean(),
});
export type CreditPlan = z.infer<typeof creditPlanSchema>;

/** The plan a balance is on, as /subscribe shows it. */
export const creditSubscriptionSchema = z.object({
  plan_id: z.string(),
  /** When the next allowance comes; for a canceled subscription, when it ends. */
  renews_at: z.string(),
  /** Stripe's status for a plan bought through Stripe (active, past_due, canceled, …); active otherwise. */
  status: z.string(),
  /** It ends at renews_at instead of renewing. */
  cancel_at_period_end: z.boolean(),
  /** True when it was bought through Stripe and the user may manage it in Stripe's billing portal. */
  manage_online: z.boolean(),
});
export type CreditSubscription = z.infer<typeof creditSubscriptionSchema>;

/** GET /api/credits/plans: the plans, the user's balance and the plan it is on. */
export const creditPlansSchema = z.object({
  plans: z.array(creditPlanSchema),
  credits_remaining: z.number(),
  unlimited: z.boolean(),
  subscription: creditSubscriptionSchema.nullable(),
  /** True when plans and packs can be bought here (Stripe is set up). */
  checkout: z.boolean(),
  /** Credits a run of the user's own SQL costs (CREDIT_PRICE_PER_QUERY); 0 when free. */
  price_per_query: z.number(),
});
export type CreditPlans = z.infer<typeof creditPlansSchema>;

/** PUT /api/credits/subscriptions: an administrator puts a user or organisation on a plan (null: off). */
export const creditSubscriptionChangeSchema = z
  .object({
    user_id: z.string().min(1).optional(),
    organization_id: z.string().min(1).optional(),
    plan_id: z.string().min(1).nullable(),
  })
  .refine((body) => (body.user_id === undefined) !== (body.organization_id === undefined), {
    message: 'name either user_id or organization_id',
    path: ['user_id'],
  });

/** POST /api/credits/checkout: a Stripe Checkout for a plan, or for a pack of credits. */
export const creditCheckoutSchema = z
  .object({
    plan_id: z.string().min(1).optional(),
    credits: z.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((body) => (body.plan_id === undefined) !== (body.credits === undefined), {
    message: 'name either plan_id or credits',
    path: ['plan_id'],
  });

export const creditCheckoutResultSchema = z.object({ url: z.string() });

/** POST /api/credits/portal: Stripe's billing portal for the subscription the balance is on. */
export const creditPortalResultSchema = z.object({ url: z.string() });

export const stripeWebhookResultSchema = z.object({ received: z.boolean(), credited: z.boolean() });

/** GET /api/credits/usage (administrators): the period, in days back from now. */
export const creditUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** Use of credits by one user or organisation over the period. */
export const creditUsageRowSchema = z.object({
  kind: z.enum(['user', 'organization']),
  id: z.string(),
  name: z.string(),
  /** Credits spent, net of refunds. */
  credits_spent: z.number(),
  /** Credits added (grants, allowances, purchases). */
  credits_added: z.number(),
});
export type CreditUsageRow = z.infer<typeof creditUsageRowSchema>;

export const creditUsageSchema = z.object({
  since: z.string(),
  users: z.array(creditUsageRowSchema),
  organizations: z.array(creditUsageRowSchema),
});
export type CreditUsage = z.infer<typeof creditUsageSchema>;

/** PUT /api/credits/member-caps: the most a member may draw from their organisation's pool a month (null: no cap). */
export const memberCapSchema = z.object({
  user_id: z.string().min(1),
  monthly_cap: z.number().int().min(0).max(1_000_000_000).nullable(),
});
