const TITLE_MAX = 200;

/** A question on one line, cut to what a saved query's title holds. */
export function answerTitle(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}
