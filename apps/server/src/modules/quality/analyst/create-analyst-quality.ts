import type { AgentQuality } from '../../../agent/quality-port.ts';
import type { QualityDeps } from '../quality-deps.ts';
import type { AnalystTurn } from './analyst-turn.ts';
import {
  explainScoreForAnalyst,
  proposeChecksForAnalyst,
  proposeEntityForAnalyst,
  runChecksForAnalyst,
} from './entity-operations.ts';
import { muteCheckForAnalyst, openIssueForAnalyst, triageIssueForAnalyst } from './issue-operations.ts';
import { analyzeForAnalyst, profileForAnalyst, scanForAnalyst } from './scan-operations.ts';

/** The analyst's data-quality tools, bound to one turn: its database, its user, its conversation. */
export function createAnalystQuality(deps: QualityDeps, turn: AnalystTurn): AgentQuality {
  return {
    scan: () => scanForAnalyst(deps, turn),
    analyze: (entity) => analyzeForAnalyst(deps, turn, entity),
    profile: (table, info) => profileForAnalyst(deps, turn, table, info),
    proposeEntity: (input) => proposeEntityForAnalyst(deps, turn, input),
    proposeChecks: (input) => proposeChecksForAnalyst(deps, turn, input),
    runChecks: (input) => runChecksForAnalyst(deps, turn, input),
    explainScore: (entity) => explainScoreForAnalyst(deps, turn, entity),
    openIssue: (input) => openIssueForAnalyst(deps, turn, input),
    triageIssue: (input) => triageIssueForAnalyst(deps, turn, input),
    muteCheck: (input) => muteCheckForAnalyst(deps, turn, input),
  };
}
