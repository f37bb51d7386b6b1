import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evalDir } from '../src/cli-options.ts';
import type { GoldenSet } from '../src/golden-set.ts';
import { loadGoldenSet } from '../src/golden-set.ts';

/** The committed golden sets the suites run. */
export const demoShop: GoldenSet = loadGoldenSet(join(evalDir, 'sets', 'demo-shop.json'));
export const chinook: GoldenSet = loadGoldenSet(join(evalDir, 'sets', 'chinook.json'));

/** The held-out sets, on public sample databases the analyst was not written against. */
const heldOutDir = join(evalDir, 'sets', 'held-out');
export const heldOut: GoldenSet[] = readdirSync(heldOutDir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => loadGoldenSet(join(heldOutDir, name)));

/** A case in one line, for a failure message that says which cases and why. */
export function described(result: { id: string; verdict: string; detail: string }): string {
  return `${result.id}: ${result.verdict}${result.detail ? ` (${result.detail})` : ''}`;
}
