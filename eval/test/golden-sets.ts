import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evalDir } from '../src/cli-options.ts';
import type { GoldenSet } from '../src/golden-set.ts';
import { loadGoldenSet } from '../src/golden-set.ts';

/** The committed golden sets the suites run. */
export const demoShop: GoldenSet = loadGoldenSet(join(evalDir, 'sets', 'demo-shop.json'));
export const chinook: GoldenSet = loadGoldenSet(join(evalDir, 'sets', 'chinook.json'));

/** Every set in a folder of eval/sets, by file name. */
function setsIn(folder: string): GoldenSet[] {
  const dir = join(evalDir, 'sets', folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => loadGoldenSet(join(dir, name)));
}

/** The held-out sets, on public sample databases the analyst was not written against. */
export const heldOut: GoldenSet[] = setsIn('held-out');

/** The check sets, on databases nobody develops against, that no rule may be tuned to. */
export const checkSets: GoldenSet[] = setsIn('check');

/** A case in one line, for a failure message that says which cases and why. */
export function described(result: { id: string; verdict: string; detail: string }): string {
  return `${result.id}: ${result.verdict}${result.detail ? ` (${result.detail})` : ''}`;
}
