import type { JsonValue } from '../../connectors/index.ts';
import { editDistance, foldText, typoAllowance } from '../../text/edit-distance.ts';

export interface ValueCount {
  value: JsonValue;
  count: number;
}

/** How a stored value matches what was searched, best first. */
export type ValueMatchKind = 'exact' | 'same letters' | 'whole word' | 'contains' | 'close spelling';

export interface ValueMatch extends ValueCount {
  match: ValueMatchKind;
}

const rank: Record<ValueMatchKind, number> = {
  exact: 0,
  'same letters': 1,
  'whole word': 2,
  contains: 3,
  'close spelling': 4,
};

function matchOf(stored: string, searched: string, folded: string): ValueMatchKind | null {
  if (stored === searched) return 'exact';
  const storedFolded = foldText(stored);
  if (storedFolded === '' || folded === '') return null;
  if (storedFolded === folded) return 'same letters';
  if (` ${storedFolded} `.includes(` ${folded} `)) return 'whole word';
  if (folded.length >= 3 && storedFolded.includes(folded)) return 'contains';
  const allowance = typoAllowance(folded.length);
  if (allowance > 0 && editDistance(storedFolded, folded, allowance) <= allowance) return 'close spelling';
  // A misspelt word inside a longer value ("Rolling Stnes" for "The Rolling Stones").
  const words = storedFolded.split(' ');
  const searchedWords = folded.split(' ');
  if (searchedWords.length > 1 || words.length === 1) return null;
  return words.some((word) => allowance > 0 && editDistance(word, folded, allowance) <= allowance)
    ? 'close spelling'
    : null;
}

/**
 * The stored values that a searched literal most likely means, so the model writes them as the
 * database spells them ("germany" → 'Germany', "Sao Paulo" → 'São Paulo', "Brasil" → 'Brazil'):
 * exact first, then the same letters in another case or accent, whole words, substrings and
 * small misspellings, most frequent first within each kind.
 */
export function matchValues(values: readonly ValueCount[], searched: string, limit: number): ValueMatch[] {
  const folded = foldText(searched);
  const matches: ValueMatch[] = [];
  for (const entry of values) {
    if (entry.value === null) continue;
    const stored = typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value);
    const match = matchOf(stored, searched, folded);
    if (match !== null) matches.push({ ...entry, match });
  }
  return matches.sort((a, b) => rank[a.match] - rank[b.match] || b.count - a.count).slice(0, limit);
}
