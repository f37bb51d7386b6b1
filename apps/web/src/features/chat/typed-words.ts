/*
 * The words being typed in the question, and how a suggested term takes their place. The server
 * matches the last words of what it is sent, split at white space, and says how many of them a
 * term replaces; these helpers split the same way.
 */

/** Words before the caret that may belong to one term ("number of paid ord"). */
const LOOKUP_WORDS = 4;
/** The server reads at most 200 characters; the last words never need that many. */
const LOOKUP_CHARACTERS = 200;

const wordChar = /[\p{L}\p{N}]/u;

/**
 * What to look up for the caret at `caret`: the last few words before it, or null when the caret
 * does not end a word (after a space or punctuation nothing is being typed).
 */
export function wordsBeforeCaret(text: string, caret: number): string | null {
  const before = text.slice(0, caret);
  if (!wordChar.test(before.at(-1) ?? '')) return null;
  const words = before.split(/\s+/).filter((word) => word !== '');
  return words.slice(-LOOKUP_WORDS).join(' ').slice(-LOOKUP_CHARACTERS);
}

/**
 * The question with the last `words` words before the caret replaced by `insert`, followed by a
 * space so the next word can be typed at once; the caret goes after it.
 */
export function insertTerm(
  text: string,
  caret: number,
  words: number,
  insert: string,
): { text: string; caret: number } {
  const before = text.slice(0, caret);
  const starts = [...before.matchAll(/\S+/g)].map((match) => match.index);
  const start = starts.at(-Math.min(Math.max(words, 1), starts.length)) ?? caret;
  const after = text.slice(caret);
  const spaced = /^\s/.test(after) ? insert : `${insert} `;
  const head = `${before.slice(0, start)}${spaced}`;
  return { text: `${head}${after}`, caret: head.length + (spaced === insert ? 1 : 0) };
}
