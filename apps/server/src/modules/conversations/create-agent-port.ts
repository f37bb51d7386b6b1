import { engineDescriptors } from '@querent/contracts';
import type { AgentPort } from '../../agent/agent-port.ts';
import { createChatChart } from '../charts/create-chat-chart.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import { createAnalystQuality } from '../quality/analyst/create-analyst-quality.ts';
import { listVerifiedExamples } from '../queries/list-verified-queries.ts';
import { recordPendingQuery, recordQueryNotRun } from '../queries/record-chat-query.ts';
import type { AnswerInput } from './answer-message.ts';
import { readApprovedMemories, saveAnalystMemory } from '../memories/save-memory.ts';
import type { ChatDeps } from './chat-deps.ts';
import { confirmWithUser } from './confirm-write.ts';
import { deleteMessage, insertMessage, listMessages } from './messages.repo.ts';
import { runChatQuery } from './run-chat-query.ts';
import { runLookup } from './run-lookup.ts';
import { changeMessage, storeMessage } from './store-message.ts';

/**
 * The analyst's side of a turn, bound to this conversation: what it reads and writes lands in the
 * conversation's messages, queries and charts, the database's memory and schema, and reaches the
 * owner's chat as it happens.
 */
export function createAgentPort(deps: ChatDeps, input: AnswerInput): AgentPort {
  const { context, events, turn, ownerId } = input;
  const { database } = context;
  const { conversationId, signal } = turn;
  const target = { ownerId, conversationId, database };
  return {
    database,
    project: context.project,
    dialect: engineDescriptors[database.engine].dialect.name,
    signal,
    readSchema: () => loadDatabaseSchema(deps, database),
    readMemories: () => readApprovedMemories(deps, database.id),
    readVerifiedQueries: () => listVerifiedExamples(deps.db, { askerId: ownerId, database }),
    readHistory: () => listMessages(deps.db, conversationId),
    recordUsage: (usage) => input.metered.addUsage(usage),
    async startAnswer() {
      return (await insertMessage(deps.db, { conversationId, role: 'assistant', content: '' })).id;
    },
    streamAnswer: (messageId, delta) => events.chunk({ conversationId, messageId, delta }),
    async finishAnswer(messageId, content) {
      await changeMessage(deps.db, events, messageId, { content });
    },
    async dropAnswer(messageId) {
      await deleteMessage(deps.db, messageId);
      events.deleted(messageId);
    },
    async storeStep(step) {
      await storeMessage(deps.db, events, { ...step, conversationId });
    },
    runQuery: (query) => runChatQuery(deps, { ...query, ...target, purpose: 'agent', signal }),
    lookUp: (lookup) => runLookup(deps, { ...lookup, ownerId, conversationId, database, signal }),
    recordPendingQuery: (query) => recordPendingQuery(deps, { ...target, ...query }),
    recordQueryNotRun: (query) => recordQueryNotRun(deps, { ...target, ...query }),
    saveMemory: (content) =>
      saveAnalystMemory(deps, {
        databaseId: database.id,
        mayChangeDatabase: context.mayChange.memory,
        content,
        conversationId,
      }),
    createChart: (chart) => createChatChart(deps, { ownerId, conversationId, ...chart }),
    confirmWrite: (request) => confirmWithUser(deps, { events, turn, request }),
    quality: createAnalystQuality(deps.quality, {
      database,
      ownerId,
      conversationId,
      mayChange: context.mayChange.quality,
      signal,
    }),
  };
}
