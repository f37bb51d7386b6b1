import { join } from 'node:path';
import { evalDir } from '../cli-options.ts';
import type { GoldenSet } from '../golden-set.ts';
import type { EvalMode, ModeSetup } from './mode-setup.ts';
import { recordMode } from './record-mode.ts';
import { replayMode } from './replay-mode.ts';
import { liveMode, offlineMode, oracleMode } from './simple-modes.ts';

export function defaultRecording(set: GoldenSet): string {
  return join(evalDir, 'recordings', `${set.name}.json`);
}

/** The setup of a mode for one set. */
export function chooseMode(
  mode: EvalMode,
  set: GoldenSet,
  options: { recording?: string | undefined; localOracle?: boolean; env?: NodeJS.ProcessEnv },
): Promise<ModeSetup> {
  const recording = options.recording ?? defaultRecording(set);
  const env = options.env ?? process.env;
  switch (mode) {
    case 'offline':
      return Promise.resolve(offlineMode());
    case 'oracle':
      return Promise.resolve(oracleMode(false));
    case 'broken-oracle':
      return Promise.resolve(oracleMode(true));
    case 'live':
      return Promise.resolve(liveMode(env));
    case 'replay':
      return replayMode(recording, set.file);
    case 'record':
      return recordMode(env, {
        file: recording,
        setFile: set.file,
        localOracle: options.localOracle ?? false,
      });
  }
}
