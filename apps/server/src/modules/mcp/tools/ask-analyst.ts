import { MAX_QUESTION_LENGTH } from '@querent/contracts';
import { z } from 'zod';
import { AppError, isAppError } from '../../../errors.ts';
import { defineTool } from '../mcp-tool.ts';
import { analystAnswerSchema, shapeAnalystAnswer } from './analyst-answer-shape.ts';
import { databaseIdInput } from './database-id.ts';

const noCredits =
  "No credits are left to ask Querent's analyst: each answer is charged in credits, as in the web app. An administrator of this Querent can grant more, or a plan can be bought on its Subscribe page. Tools that run no query (list_databases, search_schema, describe_table, list_metrics...) still answer.";

/**
 * Querent's own analyst, asked one question: the chat's turn (modules/conversations' askAnalyst) in
 * a new conversation of the person's, read-only, spending credits as the chat does.
 */
export const askAnalystTool = defineTool({
  name: 'ask_analyst',
  scope: 'analyst:ask',
  title: "Ask Querent's analyst",
  description:
    "Asks Querent's own AI analyst a question about one database or project, in plain language, and answers its reply, the SQL it ran with the rows (bounded), and what the answer stands on: a certified metric, a verified query, or SQL it wrote. It knows the schema, the semantic model, verified queries and what people taught it; it only reads (a write is refused). It can take a minute, and it spends credits where Querent counts them. The conversation is kept in the person's Querent chat (conversationUrl). Prefer query_metrics or run_sql when you can write the query yourself.",
  inputSchema: z.object({
    databaseId: databaseIdInput.optional().describe('The database to ask about, from list_databases.'),
    projectId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Or a project (a set of tables of one database), from list_databases.'),
    question: z
      .string()
      .trim()
      .min(1)
      .max(MAX_QUESTION_LENGTH)
      .describe('The question, as the person would ask it.'),
  }),
  outputSchema: analystAnswerSchema,
  // It reads the data only, but keeps a conversation and spends credits: a client may ask first.
  readOnly: false,
  async run(input, context) {
    if ((input.databaseId === undefined) === (input.projectId === undefined)) {
      throw new AppError('BAD_REQUEST', 'Name either a databaseId or a projectId (from list_databases)', {
        field: input.databaseId === undefined ? 'databaseId' : 'projectId',
      });
    }
    const contextId =
      input.projectId === undefined ? `database-${input.databaseId}` : `project-${input.projectId}`;
    let answer: Awaited<ReturnType<typeof context.deps.askAnalyst>>;
    try {
      answer = await context.deps.askAnalyst({
        user: context.user,
        contextId,
        question: input.question,
        signal: context.signal,
        onStep: context.progress,
      });
    } catch (error) {
      if (isAppError(error) && error.code === 'SUBSCRIPTION_REQUIRED') {
        throw new AppError('SUBSCRIPTION_REQUIRED', noCredits);
      }
      throw error;
    }
    const conversationUrl = `${context.appUrl}/chat/${answer.conversationId}`;
    if (answer.outcome === 'failed') {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The analyst could not answer: ${answer.error ?? 'no reason given'} (the conversation is kept at ${conversationUrl}).`,
      );
    }
    return shapeAnalystAnswer(answer, conversationUrl);
  },
});
