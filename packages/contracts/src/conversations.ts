import { z } from 'zod';

/** Statuses the server sends; `pending` exists only in the client (SPEC.md §4). */
export const serverConversationStatuses = ['running', 'clear', 'to_stop', 'error'] as const;
export const conversationStatusSchema = z.enum(['pending', ...serverConversationStatuses]);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;
export type ServerConversationStatus = (typeof serverConversationStatuses)[number];

export const messageRoles = ['user', 'assistant', 'function', 'system'] as const;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(messageRoles),
  content: z.string().nullable(),
  functionCall: z
    .object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })
    .nullable()
    .optional(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  contextId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(serverConversationStatuses),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
