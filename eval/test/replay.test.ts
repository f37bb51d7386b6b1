import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRecording } from '../src/modes/choose-mode.ts';
import { replayMode } from '../src/modes/replay-mode.ts';
import { runEvaluation } from '../src/run-evaluation.ts';
import type { Recording } from '../src/wire/recording.ts';
import { chinook, demoShop, described } from './golden-sets.ts';

/*
 * Replay: recorded wire exchanges played back to the real provider SDK the recording names
 * (here @ai-sdk/openai-compatible, recorded against the harness's local oracle server, as this
 * machine has no model to record), through the real server, socket and loop. A request that is
 * not the recorded one stops the run, saying how to record again.
 */

const scratch = mkdtempSync(join(tmpdir(), 'querent-replay-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('replaying recorded model responses', () => {
  it.each([demoShop, chinook])(
    'plays the $name recording back through the provider code, right on every case',
    async (set) => {
      const run = await runEvaluation({ set, setup: await replayMode(defaultRecording(set), set.file) });
      expect(run.model).toBe('openai-compatible.chat/oracle');
      expect(run.cases.filter((result) => result.verdict !== 'right').map(described)).toEqual([]);
      // The tokens are those the recorded responses reported.
      expect(run.cases.every((result) => (result.inputTokens ?? 0) > 0)).toBe(true);
    },
  );

  it('stops with "Request changed, re-record with …" when the agent sends another request', async () => {
    const file = join(scratch, 'changed.json');
    copyFileSync(defaultRecording(chinook), file);
    const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
    const first = recording.exchanges[0];
    if (!first) throw new Error('The recording is empty');
    // As if the instructions had been different when it was recorded.
    first.request = '0000000000000000';
    first.parts.messages = 'changed';
    writeFileSync(file, JSON.stringify(recording));
    const replaying = runEvaluation({
      set: chinook,
      setup: await replayMode(file, chinook.file),
      only: (entry) => entry.id === first.case,
    });
    await expect(replaying).rejects.toThrow(
      /Request changed, re-record with: npm run eval -- --set eval\/sets\/chinook\.json --mode record --local-oracle[\s\S]*request 1 changed/,
    );
  });
});
