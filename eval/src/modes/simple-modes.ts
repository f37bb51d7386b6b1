import { loadLanguageModel } from '../../../apps/server/src/llm/load-language-model.ts';
import { createOracleModel } from '../oracle/oracle-model.ts';
import type { OracleScript } from '../oracle/oracle-step.ts';
import type { ModeSetup } from './mode-setup.ts';
import { modelEnvironment } from './mode-setup.ts';

/** The built-in offline analyst, whatever model is configured. */
export function offlineMode(): ModeSetup {
  return {
    mode: 'offline',
    env: { LLM_PROVIDER: 'offline' },
    model: (config) => loadLanguageModel(config.llm),
    needsBrokenSql: false,
    beginCase: () => undefined,
    endCase: () => undefined,
    finish: () => Promise.resolve(),
  };
}

/** The model the LLM_* variables configure (the offline analyst when none is). */
export function liveMode(env: NodeJS.ProcessEnv): ModeSetup {
  return {
    mode: 'live',
    env: modelEnvironment(env),
    model: (config) => loadLanguageModel(config.llm),
    needsBrokenSql: false,
    beginCase: () => undefined,
    endCase: () => undefined,
    finish: () => Promise.resolve(),
  };
}

/** The oracle (reference SQL) or the broken oracle (wrong SQL), in this process. */
export function oracleMode(broken: boolean): ModeSetup {
  let script: OracleScript | null = null;
  return {
    mode: broken ? 'broken-oracle' : 'oracle',
    env: { LLM_PROVIDER: 'offline' },
    model: () => Promise.resolve(createOracleModel(() => script)),
    needsBrokenSql: broken,
    beginCase(context) {
      script = {
        question: context.question,
        expect: context.expect,
        sql: broken ? context.broken : context.expect === 'answer' ? context.reference : null,
      };
    },
    endCase: () => undefined,
    finish: () => Promise.resolve(),
  };
}
