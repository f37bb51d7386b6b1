/*
 * Words of names and questions, read one way by the whole server: a name splits where a person
 * reads it apart (spaces and punctuation, underscores, a change of case, an acronym before a
 * word) and a plural noun reads as its singular, so "order_lines", "OrderLines" and "order lines"
 * come to the same words wherever they are compared.
 */

// Plurals the suffix rules would get wrong, and words that only look plural.
const irregular = new Map<string, string>([
  ['people', 'person'],
  ['children', 'child'],
  ['men', 'man'],
  ['women', 'woman'],
  ['mice', 'mouse'],
  ['geese', 'goose'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['ids', 'id'],
  ['statuses', 'status'],
  ['aliases', 'alias'],
  ['analyses', 'analysis'],
  ['indices', 'index'],
  ['matrices', 'matrix'],
  ['vertices', 'vertex'],
  ['criteria', 'criterion'],
  ['movies', 'movie'],
  ['cookies', 'cookie'],
  ['caches', 'cache'],
  ['quizzes', 'quiz'],
  ['leaves', 'leaf'],
  ['halves', 'half'],
  ['shelves', 'shelf'],
  ['knives', 'knife'],
  ['wives', 'wife'],
  ['wolves', 'wolf'],
  ['thieves', 'thief'],
  ['abuses', 'abuse'],
  ['excuses', 'excuse'],
  ['fuses', 'fuse'],
  ['series', 'series'],
  ['species', 'species'],
  ['news', 'news'],
  ['alias', 'alias'],
  ['atlas', 'atlas'],
  ['bias', 'bias'],
  ['canvas', 'canvas'],
]);

/**
 * The singular of a lower-case English noun ("categories" → "category", "boxes" → "box",
 * "people" → "person"); a word that is not a plural, or too short to tell, comes back unchanged.
 */
export function singular(word: string): string {
  const known = irregular.get(word);
  if (known !== undefined) return known;
  if (word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is|ics)$/.test(word)) return word;
  if (word.endsWith('ies')) return word.length <= 4 ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  // "addresses", "boxes", "branches", "dishes", "quizzes"; "bonuses" but not "houses".
  if (/(?:sses|xes|ches|shes|zzes)$/.test(word) || /[^aeiou]uses$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

// The plural of each irregular singular above ("person" → "people"), for the way back.
const irregularPlural = new Map<string, string>();
for (const [many, one] of irregular) {
  if (many !== one && !irregularPlural.has(one)) irregularPlural.set(one, many);
}
// Nouns with no plural of their own.
const uncountable = new Set(['series', 'species', 'news', 'data', 'information', 'equipment', 'software']);

/**
 * The plural of a lower-case English noun ("category" → "categories", "box" → "boxes",
 * "person" → "people"); a word that already reads as a plural comes back unchanged.
 */
export function plural(word: string): string {
  const known = irregularPlural.get(word);
  if (known !== undefined) return known;
  if (uncountable.has(word) || singular(word) !== word) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

// Most names are plain ASCII: the narrow patterns are much faster than the Unicode ones.
const printableAscii = /^[\x20-\x7e]*$/;

/**
 * The text with a space wherever its case says a new word starts: "invoiceLine" → "invoice Line",
 * "HTTPServer" → "HTTP Server"; a plural acronym stays whole ("URLs", "IDs").
 */
export function separateCase(text: string): string {
  if (printableAscii.test(text)) {
    return text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z])(?=[A-Z][a-z])(?![A-Z]s(?![a-z]))/g, '$1 ');
  }
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?!\p{Ll}))/gu, '$1 ');
}

/**
 * The words of a name or a phrase, as written: split at spaces, punctuation, underscores and
 * hyphens and where the case changes ("Order Details", "order_details", "OrderDetails" → Order,
 * Details). With `digits`, a number is a word of its own too ("address2" → address, 2).
 */
export function splitWords(text: string, options: { digits?: boolean } = {}): string[] {
  const ascii = printableAscii.test(text);
  let spaced = separateCase(text);
  if (options.digits === true) {
    spaced = ascii
      ? spaced.replace(/([a-zA-Z])(?=\d)|(\d)(?=[a-zA-Z])/g, '$1$2 ')
      : spaced.replace(/(\p{L}\p{M}*)(?=\p{N})|(\p{N})(?=\p{L})/gu, '$1$2 ');
  }
  return spaced.split(ascii ? /[^a-zA-Z0-9]+/ : /[^\p{L}\p{M}\p{N}]+/u).filter((word) => word !== '');
}

/** A word in lower case without its accents ("Café" → "cafe"), for comparing what people type. */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  return printableAscii.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of a table or column name, lower case and singular: "InvoiceLines" → invoice, line. */
export function nameWords(name: string): string[] {
  return splitWords(name).map((word) => singular(word.toLowerCase()));
}
