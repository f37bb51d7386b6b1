import { singular, splitWords } from '../text/words.ts';

/**
 * Orders what the analyst remembers by how much each fact has to do with the question, so the
 * memory that fits the context window is the memory that matters now rather than the newest.
 * Words are weighted by rarity among the facts (a word in every fact tells nothing); facts the
 * question does not touch keep their order (newest first) after those it does.
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be by do does for from has have how i in is it its me my of on or our per ' +
    'show that the their there these this those to us was we were what when where which who why ' +
    'with you your all any each give list many much tell get find'
  ).split(' '),
);

/** Lower-case words of two letters or more (names split as the server splits them), stop words left out, singular. */
export function memoryWords(text: string): string[] {
  return splitWords(text)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word))
    .map(singular);
}

export function rankMemories<T extends { content: string }>(memories: readonly T[], question: string): T[] {
  const asked = new Set(memoryWords(question));
  if (asked.size === 0 || memories.length < 2) return [...memories];
  const wordsOf = memories.map((memory) => new Set(memoryWords(memory.content)));
  const documentFrequency = new Map<string, number>();
  for (const words of wordsOf) {
    for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  const weight = (word: string) => Math.log(1 + memories.length / (1 + (documentFrequency.get(word) ?? 0)));
  const scored = memories.map((memory, index) => {
    const words = wordsOf[index] ?? new Set<string>();
    let score = 0;
    for (const word of asked) {
      if (words.has(word)) score += weight(word);
      else if (
        word.length >= 4 &&
        [...words].some((own) => own.length >= 4 && (own.startsWith(word) || word.startsWith(own)))
      )
        score += weight(word) / 2;
    }
    return { memory, index, score };
  });
  scored.sort((left, right) => right.score - left.score || left.index - right.index);
  return scored.map((entry) => entry.memory);
}
