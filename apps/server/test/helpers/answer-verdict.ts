import type { AskedQuestion } from './offline-chat.ts';

/*
 * Whether an offline answer is right, refused or confidently wrong, judged as data: the rows of
 * the answer's final query against the rows of a reference query on the same database.
 */

export type Verdict = 'right' | 'refused' | 'wrong';

/** Text and numbers alike: numbers to 2 decimals, so 12.5 and "12.50" agree; months either way. */
function cell(value: unknown): string {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : null;
  if (number !== null) return number.toFixed(2);
  // A month is labelled by its first day ("2023-04-01") or as a month ("2023-04"): the same month.
  const text = String(value);
  return /^\d{4}-\d{2}-01$/.test(text) ? text.slice(0, 7) : text;
}

/** Every reference column is found in some column of the answer, row for row (in any order). */
export function sameRows(
  answer: readonly (readonly unknown[])[],
  reference: readonly (readonly unknown[])[],
): boolean {
  if (answer.length !== reference.length) return false;
  const width = reference[0]?.length ?? 0;
  const answerWidth = answer[0]?.length ?? 0;
  const pick: number[] = [];
  for (let column = 0; column < width; column += 1) {
    const wanted = reference
      .map((row) => cell(row[column]))
      .sort()
      .join('|');
    const found = Array.from({ length: answerWidth }, (_, index) => index).find(
      (index) =>
        !pick.includes(index) &&
        answer
          .map((row) => cell(row[index]))
          .sort()
          .join('|') === wanted,
    );
    if (found === undefined) return false;
    pick.push(found);
  }
  const key = (row: readonly unknown[], columns: readonly number[]) =>
    columns.map((index) => cell(row[index])).join('|');
  const left = answer.map((row) => key(row, pick)).sort();
  const right = reference
    .map((row) =>
      key(
        row,
        pick.map((_, index) => index),
      ),
    )
    .sort();
  return left.every((row, index) => row === right[index]);
}

/** Answered means the answer embeds its final query; a null reference means it had to decline. */
export function verdictOf(asked: AskedQuestion, reference: unknown[][] | null): Verdict {
  const final = asked.final;
  const answered =
    final !== null && final.queryId !== null && asked.answer.includes(`{{query:${final.queryId}}}`);
  if (!answered || final.result.error !== undefined) return 'refused';
  if (reference === null) return 'wrong';
  const shownAll = (final.result.rows?.length ?? 0) === final.result.rowCount;
  return shownAll && sameRows(final.result.rows ?? [], reference) ? 'right' : 'wrong';
}
