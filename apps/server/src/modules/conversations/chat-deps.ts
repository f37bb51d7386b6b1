import type { FastifyBaseLogger } from 'fastify';
import type { WriteDecision } from '../../agent/agent-port.ts';
import type { AgentDeps } from '../../agent/run-agent.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { QualityDeps } from '../quality/quality-deps.ts';
import type { RunChatQueryDeps } from './run-chat-query.ts';
import type { TurnMeter } from './turn-meter.ts';
import type { TurnRegistry } from './turn-registry.ts';
import type { TurnLeaseTiming } from './run-turn.ts';

/** Reaches turns running on other instances; a no-op with one instance. */
export interface TurnRelay {
  stop(conversationId: string): void;
  decide(conversationId: string, queryId: string, decision: WriteDecision): void;
}

/** How a turn ended: an answer, a stop asked by the user, or a failure shown to the user. */
export type TurnOutcome = 'answered' | 'stopped' | 'failed';

/** What the chat use cases need; built once by the app. */
export interface ChatDeps extends AgentDeps, RunChatQueryDeps, SchemaDeps {
  /** The analyst's and the SQL runs' log alike. */
  log: FastifyBaseLogger;
  turns: TurnRegistry;
  relay: TurnRelay;
  /** This instance's name in the store (INSTANCE_ID), kept on the turns it answers. */
  instanceId: string;
  /** How long a turn's claim lasts, and how often it is renewed and lapsed ones swept. */
  turnLease: TurnLeaseTiming;
  /** What the analyst's data-quality tools reach through the port. */
  quality: QualityDeps;
  /** Told once each turn has ended (metrics); never throws. */
  onTurnEnd?: (outcome: TurnOutcome) => void;
  /** Credits: hosted mode charges turns; local mode counts nothing. */
  meter: TurnMeter;
  /** ANALYST_SEMANTIC_MODEL: whether the analyst is handed the database's semantic model. */
  semanticModel: 'on' | 'off';
}
