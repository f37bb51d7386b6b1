import { editDistance, foldText, typoAllowance } from '../../text/edit-distance.ts';

/**
 * The known names closest to one the model wrote: the same letters in another case or with other
 * separators first ("customer_id" for "CustomerId"), then containment ("Invoice" for
 * "InvoiceLines"), then small misspellings by edit distance. At most `limit`, best first.
 */
export function closestNames(written: string, known: readonly string[], limit = 5): string[] {
  const target = foldText(written).replace(/ /g, '');
  if (target === '') return [];
  const scored: { name: string; score: number }[] = [];
  const allowance = Math.max(2, typoAllowance(target.length));
  for (const name of known) {
    const folded = foldText(name).replace(/ /g, '');
    if (folded === '') continue;
    let score: number;
    if (folded === target) score = 0;
    else if (folded.length >= 3 && (target.includes(folded) || folded.includes(target))) {
      score = 1 + Math.abs(folded.length - target.length) / Math.max(folded.length, target.length);
    } else {
      const distance = editDistance(folded, target, allowance);
      if (distance > allowance) continue;
      score = 2 + distance;
    }
    scored.push({ name, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}
