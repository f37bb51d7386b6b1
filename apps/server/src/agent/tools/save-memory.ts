import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';

const inputSchema = z.object({
  content: z
    .string()
    .min(3)
    .max(2000)
    .describe('One fact, self-contained, e.g. "orders.status: 3 means refunded" or "revenue excludes tax".'),
});

export const saveMemoryTool: AgentTool<typeof inputSchema> = {
  name: 'save_memory',
  description:
    'Remember a durable fact about this database for every later conversation: what a code means, which table is the source of truth, a business rule the user told you. Not for answers to one question.',
  inputSchema,
  async execute(input, context) {
    const saved = await context.saveMemory(input.content);
    return {
      output: { saved: true, ...(saved.alreadyKnown ? { note: 'This was already remembered.' } : {}) },
    };
  },
};
