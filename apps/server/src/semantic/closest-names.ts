import { editDistance } from '../text/edit-distance.ts';
import { nameWords } from '../text/words.ts';

/*
 * The valid names someone most likely meant by a name that does not exist: close in spelling
 * ("revenu" → revenue) or sharing a word once plurals are read as singulars ("order_count" →
 * orders.count_orders).
 */

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
