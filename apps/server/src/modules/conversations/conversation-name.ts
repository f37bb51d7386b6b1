const MAX_NAME_LENGTH = 60;

/**
 * A conversation is named after its first question: one line, at most 60 characters, cut at a
 * word boundary when one is near so the sidebar never shows half a word.
 */
export function nameFromQuestion(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_NAME_LENGTH) return line;
  const cut = line.slice(0, MAX_NAME_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  const head = space >= MAX_NAME_LENGTH / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,.;:!?-]+$/, '')}…`;
}
