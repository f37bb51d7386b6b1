import type { ESLint } from 'eslint';
import { accessThroughPolicy } from './access-through-policy.ts';
import { agentPortOnly } from './agent-port-only.ts';
import { connectorsStandAlone } from './connectors-stand-alone.ts';
import { noForeignRepository } from './no-foreign-repository.ts';
import { privatePrepareRun } from './private-prepare-run.ts';
import { webContractsOnly } from './web-contracts-only.ts';

/** Querent's own lint rules: the boundaries between its parts, and the one home of access rules, which the build enforces. */
export const boundaries: ESLint.Plugin = {
  meta: { name: 'querent-boundaries' },
  rules: {
    'no-foreign-repository': noForeignRepository,
    'private-prepare-run': privatePrepareRun,
    'agent-port-only': agentPortOnly,
    'connectors-stand-alone': connectorsStandAlone,
    'web-contracts-only': webContractsOnly,
    'access-through-policy': accessThroughPolicy,
  },
};
