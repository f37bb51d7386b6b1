import { z } from 'zod';

/**
 * What the analyst remembers about a database. A fact the model saves waits, pending, until a
 * person approves it; one a person writes is approved at once. Only approved facts reach the
 * analyst.
 */
export const memoryStatuses = ['pending', 'approved'] as const;
export type MemoryStatus = (typeof memoryStatuses)[number];

export const memorySources = ['model', 'person'] as const;
export type MemorySource = (typeof memorySources)[number];

/** Longest fact, in characters. */
export const MEMORY_MAX_CHARS = 2000;

export const memorySchema = z.object({
  id: z.string(),
  databaseId: z.string(),
  content: z.string(),
  status: z.enum(memoryStatuses),
  source: z.enum(memorySources),
  /** The conversation the model learnt it in; null for a person's, or once that conversation is gone. */
  conversationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;

/** GET /api/databases/{id}/memories: pending first (they need a decision), then approved. */
export const memoriesSchema = z.object({
  memories: z.array(memorySchema),
  /** Whether the asking user may add, edit, approve and delete (the database's owner and organisation). */
  canChange: z.boolean(),
});
export type Memories = z.infer<typeof memoriesSchema>;

const content = z
  .string()
  .trim()
  .min(3, 'content must be at least 3 characters')
  .max(MEMORY_MAX_CHARS, `content must be at most ${MEMORY_MAX_CHARS} characters`);

/** POST /api/databases/{id}/memories: a person's fact, approved at once. */
export const newMemorySchema = z.object({ content });
export type NewMemory = z.infer<typeof newMemorySchema>;

/** PUT /api/memories/{id}: new words, or the approval of a pending fact, or both. */
export const memoryChangeSchema = z
  .object({ content: content.optional(), status: z.literal('approved').optional() })
  .refine((change) => change.content !== undefined || change.status !== undefined, {
    message: 'give content or status',
  });
export type MemoryChange = z.infer<typeof memoryChangeSchema>;
