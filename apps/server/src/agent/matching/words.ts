import { foldWord, singular, splitWords } from '../../text/words.ts';

/*
 * Words as search compares them: the server's words of a name (text/words.ts) with numbers apart,
 * lower case without accents, plurals made singular, and the words of a question that say nothing
 * about where the data lives ("what", "the", "per") left out.
 */

const stopWords = new Set(
  `a an and any are as at be by can could did do does each for from give get had has have how i
  in into is it its list many me much my of on or our per please show so tell than that the their
  them then there these they this those to us was we were what when where which who whom whose why
  will with would you your all also about across between during over under up down out only just
  find display see want need know`
    .split(/\s+/)
    .filter(Boolean),
);

/** The words of a text that carry meaning, singular, stop words left out. */
export function searchWords(text: string): string[] {
  return splitWords(text, { digits: true })
    .map(foldWord)
    .filter((word) => !stopWords.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(singular);
}
