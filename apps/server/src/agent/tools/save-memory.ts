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
    'Propose a durable fact about this database for every later conversation: what a code means, which table is the source of truth, a business rule the user told you. A person approves it on the database’s memory page before it is used. Not for answers to one question.',
  inputSchema,
  async execute(input, context) {
    const saved = await context.saveMemory(input.content);
    return {
      output: {
        saved: true,
        status: saved.pending ? 'pending' : 'approved',
        note: saved.alreadyKnown
          ? `This was already ${saved.pending ? 'proposed, and waits for approval' : 'remembered'}.`
          : 'Saved for review: it is used once a person approves it on the database’s memory page. Tell the user so.',
      },
    };
  },
};
