import type { AgentDeps } from '../../agent/run-agent.ts';
import type { WriteDecision } from '../../agent/tools/agent-tool.ts';
import type { TurnRegistry } from './turn-registry.ts';

/** Reaches turns running on other instances; a no-op with one instance. */
export interface TurnRelay {
  stop(conversationId: string): void;
  decide(conversationId: string, queryId: string, decision: WriteDecision): void;
}

/** What the chat use cases need; built once by the app. */
export interface ChatDeps extends AgentDeps {
  turns: TurnRegistry;
  relay: TurnRelay;
}
