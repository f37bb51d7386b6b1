import { nameWords } from '../text/words.ts';

/*
 * The valid names someone most likely meant by a name that does not exist: close in spelling
 * ("revenu" → revenue) or sharing a word once plurals are read as singulars ("order_count" →
 * orders.count_orders).
 */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** What follows the last dot: the bare name of `dataset.name`. */
function bareName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** Up to `limit` candidates close to `wanted`, closest first; none when nothing is close. */
export function closestNames(wanted: string, candidates: readonly string[], limit = 3): string[] {
  const wantedLower = wanted.toLowerCase();
  const wantedWords = new Set(nameWords(wanted));
  const scored = [...new Set(candidates)].map((candidate) => {
    const distance = Math.min(
      editDistance(wantedLower, candidate.toLowerCase()),
      editDistance(bareName(wantedLower), bareName(candidate.toLowerCase())),
    );
    const shared = nameWords(candidate).filter((word) => wantedWords.has(word)).length;
    return { candidate, distance, shared };
  });
  const closeEnough = Math.max(2, Math.floor(bareName(wanted).length / 3));
  return scored
    .filter((score) => score.distance <= closeEnough || score.shared > 0)
    .sort((a, b) => a.distance - b.distance || b.shared - a.shared || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((score) => score.candidate);
}
