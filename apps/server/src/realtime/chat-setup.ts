import type { LimitAsks } from '../auth/anonymous/ask-limit.ts';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { conversationRoutes } from '@querent/contracts';
import type { AppConfig } from '../config/load-config.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { analystTimeZone } from '../config/settings/analyst.ts';
import { loadLanguageModel } from '../llm/load-language-model.ts';
import { loadOnce } from '../load-once.ts';
import type { AskAnalyst } from '../modules/conversations/ask-analyst.ts';
import { askAnalyst } from '../modules/conversations/ask-analyst.ts';
import type { ChatDeps, TurnRelay } from '../modules/conversations/chat-deps.ts';
import type { ChatEvents } from '../modules/conversations/chat-events.ts';
import { conversationHandlers } from '../modules/conversations/conversations.routes.ts';
import type { TurnMeter } from '../modules/conversations/turn-meter.ts';
import { TurnRegistry } from '../modules/conversations/turn-registry.ts';
import type { DatabaseDeps } from '../modules/databases/database-deps.ts';
import type { QualityDeps } from '../modules/quality/quality-deps.ts';
import type { SqlRunDeps } from '../modules/sql-runs/sql-run-deps.ts';
import { recoverTurns, type TurnRecoveryDeps } from '../modules/conversations/recover-turns.ts';
import { turnLeaseTiming } from '../modules/conversations/run-turn.ts';
import { type LeaseRenewal, startLeaseRenewal } from '../modules/conversations/turn-leases.ts';
import { startTurnSweeper, type TurnSweeper } from '../modules/conversations/turn-sweeper.ts';
import { ownerChatEvents, registerChatHandlers } from './chat-socket.ts';
import type { QuerentServer } from './socket-types.ts';
import { createTurnRelay } from './turn-relay.ts';

/** Before sockets are attached nobody listens: a turn's events go nowhere. */
const unheard: ChatEvents = {
  message: () => undefined,
  chunk: () => undefined,
  status: () => undefined,
  deleted: () => undefined,
  conversation: () => undefined,
  error: () => undefined,
};

export interface ChatSetup {
  /** The conversations REST handlers, which stop a running turn wherever it runs. */
  routeHandlers(): RouteHandlers<typeof conversationRoutes>;
  /** Socket events, and the relay to other instances when they share an adapter. */
  attach(io: QuerentServer, crossInstance: boolean): void;
  /**
   * A question from outside the chat (MCP's ask_analyst), answered by a turn of a new conversation
   * whose events reach the person's open tabs like any other.
   */
  askAnalyst: AskAnalyst;
  /**
   * On start-up, once the store is migrated and sockets attached: closes as interrupted the turns
   * this instance held when its previous process died, and any other lapsed ones. Answers how many.
   */
  recoverInterruptedTurns(): Promise<number>;
  /** Stops every turn running here (their SQL cancelled) and waits for them to end. */
  close(): Promise<void>;
}

/**
 * Conversations as the app wires them: REST routes, socket events, the turns running on this
 * instance and the model answering them — the configured provider, or the one a test passes.
 */
export function createChatSetup(input: {
  config: AppConfig;
  databases: DatabaseDeps;
  /** The limits and observers of every SQL run. */
  sqlRuns: SqlRunDeps;
  /** What the analyst's data-quality tools use. */
  quality: QualityDeps;
  log: FastifyBaseLogger;
  languageModel?: LanguageModelV4 | undefined;
  /** Told how each turn ended and what each model call used (metrics). */
  telemetry?: Pick<ChatDeps, 'onTurnEnd' | 'onModelUsage'>;
  /** Credits: how turns are charged (hosted mode) or not (local mode). */
  meter: TurnMeter;
  /** The clock the analyst reads "today" from; the system's by default. */
  now?: (() => Date) | undefined;
  /** Counts each question against the sender's allowance (the anonymous sandbox's). */
  limitAsks: LimitAsks;
}): ChatSetup {
  const turns = new TurnRegistry();
  let recovery: TurnRecoveryDeps | null = null;
  let sweeper: TurnSweeper | null = null;
  let leases: LeaseRenewal | null = null;
  const given = input.languageModel;
  let relay: TurnRelay = { stop: () => undefined, decide: () => undefined };
  let eventsFor: (ownerId: string) => ChatEvents = () => unheard;
  const deps: ChatDeps = {
    ...input.databases,
    ...input.sqlRuns,
    quality: input.quality,
    loadModel: given ? () => Promise.resolve(given) : loadOnce(() => loadLanguageModel(input.config.llm)),
    llm: input.config.llm,
    maxSteps: input.config.agent.maxSteps,
    now: input.now ?? (() => new Date()),
    timeZone: analystTimeZone(input.config.analystTimeZone),
    semanticModel: input.config.analystSemanticModel,
    log: input.log,
    ...input.telemetry,
    meter: input.meter,
    turns,
    instanceId: input.config.instanceId,
    turnLease: turnLeaseTiming(input.config.turnLeaseSeconds),
    relay: {
      stop: (conversationId) => relay.stop(conversationId),
      decide: (conversationId, queryId, decision) => relay.decide(conversationId, queryId, decision),
    },
  };
  return {
    routeHandlers() {
      return conversationHandlers({
        db: deps.db,
        stopTurn: (conversationId) => {
          if (!turns.abort(conversationId)) relay.stop(conversationId);
        },
      });
    },
    attach(io, crossInstance) {
      relay = createTurnRelay(io, turns, crossInstance);
      eventsFor = (ownerId) => ownerChatEvents(io, ownerId);
      registerChatHandlers(io, deps, input.limitAsks);
      recovery = {
        db: deps.db,
        log: deps.log,
        connections: deps.connections,
        eventsFor: (ownerId) => ownerChatEvents(io, ownerId),
      };
      sweeper = startTurnSweeper(recovery, deps.turnLease.sweepMs);
      leases = startLeaseRenewal(
        { db: deps.db, log: deps.log, turns, instanceId: deps.instanceId },
        { leaseMs: deps.turnLease.leaseMs, everyMs: deps.turnLease.renewMs },
      );
    },
    askAnalyst: (input) => askAnalyst(deps, { ...input, events: eventsFor(input.user.id) }),
    async recoverInterruptedTurns() {
      if (!recovery) return 0;
      const own = await recoverTurns(recovery, { heldBy: deps.instanceId });
      return own + (await recoverTurns(recovery, { lapsed: true }));
    },
    async close() {
      await sweeper?.stop();
      await turns.stopAll();
      await leases?.stop();
    },
  };
}
