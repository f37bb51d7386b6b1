import { engineDescriptors } from '@querent/contracts';
import type { AgentPort } from '../../agent/agent-port.ts';
import { createChatChart } from '../charts/create-chat-chart.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import { createAnalystQuality } from '../quality/analyst/create-analyst-quality.ts';
import type { ChatQueryRecord } from '../queries/chat-queries.ts';
import { listVerifiedExamples } from '../queries/list-verified-queries.ts';
import { recordPendingQuery, recordQueryNotRun } from '../queries/record-chat-query.ts';
import type { AnswerInput } from './answer-message.ts';
import { readApprovedMemories, saveAnalystMemory } from '../memories/save-memory.ts';
import type { ChatDeps } from './chat-deps.ts';
import { confirmWithUser } from './confirm-write.ts';
import { deleteMessage, insertMessage } from './messages.repo.ts';
import { runChatQuery } from './run-chat-query.ts';
import { runLookup } from './run-lookup.ts';
import { semanticModelOf } from './semantic-model-of.ts';
import { compileAnalystQuery } from './compile-analyst-query.ts';
import { changeMessage, storeMessage } from './store-message.ts';
import { TurnHistory } from './turn-history.ts';

/**
 * The analyst's side of a turn, bound to this conversation: what it reads and writes lands in the
 * conversation's messages, queries and charts, the database's memory and schema, and reaches the
 * owner's chat as it happens.
 */
export function createAgentPort(deps: ChatDeps, input: AnswerInput): AgentPort {
  const { context, events, turn, asker } = input;
  const ownerId = asker.id;
  const { database } = context;
  const { conversationId, signal } = turn;
  const target = { ownerId, conversationId, database };
  const history = new TurnHistory(deps.db, conversationId);
  // The queries this turn stored, shown by the step messages that follow without a read.
  const queries = new Map<string, ChatQueryRecord>();
  const known = <T extends ChatQueryRecord>(query: T): T => {
    queries.set(query.id, query);
    return query;
  };
  return {
    database,
    project: context.project,
    dialect: engineDescriptors[database.engine].dialect.name,
    signal,
    readSchema: () => loadDatabaseSchema(deps, database),
    semanticModel: () => semanticModelOf(deps, database),
    compileMetricQuery: (query) => compileAnalystQuery(deps, database, query),
    readMemories: () => readApprovedMemories(deps, database.id),
    readVerifiedQueries: () => listVerifiedExamples(deps.db, { askerId: ownerId, asker, database }),
    readHistory: () => history.read(),
    recordUsage: (usage) => input.metered.addUsage(usage),
    async startAnswer() {
      const record = await insertMessage(deps.db, { conversationId, role: 'assistant', content: '' });
      history.added(record);
      return record.id;
    },
    streamAnswer: (messageId, delta) => events.chunk({ conversationId, messageId, delta }),
    async finishAnswer(messageId, content) {
      history.changed(await changeMessage(deps.db, events, messageId, { content }));
    },
    async dropAnswer(messageId) {
      await deleteMessage(deps.db, messageId);
      history.removed(messageId);
      events.deleted(messageId);
    },
    async storeStep(step) {
      history.added(await storeMessage(deps.db, events, { ...step, conversationId }, queries));
    },
    async runQuery(query) {
      const outcome = await runChatQuery(deps, {
        ...query,
        conversationId,
        database,
        asker,
        purpose: 'agent',
        signal,
      });
      known(outcome.query);
      return outcome;
    },
    lookUp: (lookup) => runLookup(deps, { ...lookup, asker, conversationId, database, signal }),
    recordPendingQuery: (query) => recordPendingQuery(deps, { ...target, ...query }),
    recordQueryNotRun: async (query) => known(await recordQueryNotRun(deps, { ...target, ...query })),
    saveMemory: (content) =>
      saveAnalystMemory(deps, {
        databaseId: database.id,
        mayChangeDatabase: context.mayChange.memory,
        content,
        conversationId,
      }),
    createChart: (chart) => createChatChart(deps, { ownerId, conversationId, ...chart }),
    async confirmWrite(request) {
      try {
        return await confirmWithUser(deps, { events, turn, request });
      } finally {
        // The card was stored and changed outside the history's knowledge.
        history.forget();
      }
    },
    quality: createAnalystQuality(deps.quality, {
      database,
      asker,
      conversationId,
      mayChange: context.mayChange.quality,
      signal,
    }),
  };
}
