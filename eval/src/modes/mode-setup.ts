import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { AppConfig } from '../../../apps/server/src/config/load-config.ts';
import type { ExpectedOutcome } from '../golden-set.ts';

/*
 * What a mode decides: the model configuration the server starts with, the model it answers
 * with, and what it needs to know about each case (the oracles their SQL; replay and recording
 * which case the coming requests belong to).
 */

export const evalModes = ['offline', 'oracle', 'broken-oracle', 'replay', 'live', 'record'] as const;
export type EvalMode = (typeof evalModes)[number];

export interface CaseContext {
  id: string;
  question: string;
  expect: ExpectedOutcome;
  /** The case's reference SQL in the database's dialect; null when it expects no answer. */
  reference: string | null;
  /** A wrong query whose result differs from the reference's (broken oracle only). */
  broken: string | null;
}

export interface ModeSetup {
  mode: EvalMode;
  /** LLM_* variables the server's configuration is read from. */
  env: Record<string, string>;
  model(config: AppConfig): Promise<LanguageModelV4>;
  /** Whether the runner must find a wrong query for each case. */
  needsBrokenSql: boolean;
  beginCase(context: CaseContext): void;
  /** After each case; throws when the case cannot count (a replayed request changed). */
  endCase(): void;
  /** After the last case: write what was recorded, stop local servers. */
  finish(completed: boolean): Promise<void>;
}

/** Variables of the operator's model configuration, passed on as they are. */
export function modelEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = /^(LLM_|AGENT_|QUERY_|OPENAI_API_KEY$|ANTHROPIC_API_KEY$)/;
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => names.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}
