/*
 * Words as search compares them: names split where a person would read them apart (camelCase,
 * snake_case, digits), lower case, plurals made singular, and the words of a question that say
 * nothing about where the data lives ("what", "the", "per") left out.
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

/** The singular a plural most likely stands for; both sides of a comparison go through it. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(sses|uses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Splits "InvoiceLine", "invoice_line", "unitPrice2024" into their words, lower-cased. */
export function splitWords(text: string): string[] {
  // Most names are plain ASCII: accents need no stripping there, and that is most of the cost.
  const plain = /^[\x20-\x7e]*$/.test(text);
  const separated = plain
    ? text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    : text;
  return (
    plain
      ? separated
          .replace(/([a-zA-Z])(\d)|(\d)([a-zA-Z])/g, '$1$3 $2$4')
          .toLowerCase()
          .split(/[^a-z0-9]+/)
      : unicodeWords(separated)
  ).filter((word) => word.length > 0);
}

function unicodeWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
}

/** The words of a text that carry meaning, singular, stop words left out. */
export function searchWords(text: string): string[] {
  return splitWords(text)
    .filter((word) => !stopWords.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(singular);
}
