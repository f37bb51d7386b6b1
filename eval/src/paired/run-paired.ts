import type { EvalRun } from '../eval-run.ts';
import type { ModeSetup } from '../modes/mode-setup.ts';
import type { RunInput } from '../run-evaluation.ts';
import { runEvaluation } from '../run-evaluation.ts';
import type { ArmComparison } from './compare-arms.ts';
import { compareArms } from './compare-arms.ts';
import type { SemanticArm } from './semantic-arms.ts';
import { inArm, semanticArms, serverReadsSemanticSetting } from './semantic-arms.ts';

/** Both arms of a paired run and their comparison. */
export interface PairedRun {
  set: string;
  setFile: string;
  mode: EvalRun['mode'];
  model: string;
  database: EvalRun['database'];
  startedAt: string;
  durationMs: number;
  /** False while the server does not read the switch: then both arms ran the same analyst. */
  settingRead: boolean;
  arms: Record<SemanticArm, EvalRun>;
  comparison: ArmComparison;
}

export interface PairedInput extends Omit<RunInput, 'setup' | 'onCase'> {
  /** A fresh setup of the mode for each arm: a setup keeps per-run state and is finished by its run. */
  setup: () => Promise<ModeSetup>;
  onCase?: (arm: SemanticArm, ...args: Parameters<NonNullable<RunInput['onCase']>>) => void;
}

/** Runs the set twice through a fresh server each time, semantic model off, then on. */
export async function runPaired(input: PairedInput): Promise<PairedRun> {
  const started = new Date();
  const runs: Partial<Record<SemanticArm, EvalRun>> = {};
  for (const arm of semanticArms) {
    const { setup, onCase, ...rest } = input;
    runs[arm] = await runEvaluation({
      ...rest,
      setup: inArm(await setup(), arm),
      ...(onCase === undefined ? {} : { onCase: (...args) => onCase(arm, ...args) }),
    });
  }
  const { off, on } = runs;
  if (off === undefined || on === undefined) throw new Error('A paired run needs both arms');
  return pairArms(off, on, started);
}

/** Two runs of one set, one per arm, as a paired run. */
export function pairArms(off: EvalRun, on: EvalRun, started = new Date(off.startedAt)): PairedRun {
  return {
    set: off.set,
    setFile: off.setFile,
    mode: off.mode,
    model: off.model,
    database: off.database,
    startedAt: started.toISOString(),
    durationMs: Date.now() - started.getTime(),
    settingRead: serverReadsSemanticSetting(),
    arms: { off, on },
    comparison: compareArms(off, on),
  };
}
