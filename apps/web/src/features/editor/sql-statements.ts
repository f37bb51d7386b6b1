import { type ScanOptions, scanSql, type Token } from './sql-scanner.ts';

/** One statement of the editor's text, without its `;` and the blank or comment lines around it. */
export interface Statement {
  from: number;
  to: number;
  text: string;
}

interface Segment {
  /** Where the segment starts: just after the previous `;` (or 0). */
  start: number;
  /** Just after its own `;`, or the end of the text. */
  end: number;
  tokens: Token[];
}

function segmentsOf(text: string, options: ScanOptions): Segment[] {
  const segments: Segment[] = [];
  let current: Segment = { start: 0, end: text.length, tokens: [] };
  for (const token of scanSql(text, options)) {
    if (token.kind === 'punct' && token.value === ';') {
      segments.push({ ...current, end: token.to });
      current = { start: token.to, end: text.length, tokens: [] };
    } else {
      current.tokens.push(token);
    }
  }
  segments.push(current);
  return segments;
}

function toStatement(text: string, segment: Segment): Statement | null {
  const first = segment.tokens[0];
  const last = segment.tokens.at(-1);
  if (!first || !last) return null;
  return { from: first.from, to: last.to, text: text.slice(first.from, last.to) };
}

/** Every statement with SQL in it, in order; empty ones (`;;`, comments only) are left out. */
export function splitStatements(text: string, options: ScanOptions = {}): Statement[] {
  return segmentsOf(text, options)
    .map((segment) => toStatement(text, segment))
    .filter((statement): statement is Statement => statement !== null);
}

/**
 * The statement Ctrl/Cmd+Enter runs. The cursor belongs to the statement it is in; in the gap
 * between two statements it belongs to the previous one while still on that one's line (the
 * cursor just after `SELECT 1;`) and to the next one after a line break; after the last statement
 * it belongs to the last. Null when the text holds no SQL.
 */
export function statementAt(text: string, cursor: number, options: ScanOptions = {}): Statement | null {
  const segments = segmentsOf(text, options);
  const index = segments.findIndex((segment) => cursor <= segment.end);
  const at = index === -1 ? segments.length - 1 : index;
  const segment = segments[at];
  if (!segment) return null;

  const statement = toStatement(text, segment);
  const previous = () => {
    for (let back = at - 1; back >= 0; back -= 1) {
      const found = toStatement(text, segments[back] as Segment);
      if (found) return found;
    }
    return null;
  };

  if (!statement) return previous();
  const inLeadingGap = cursor < statement.from && at > 0;
  if (inLeadingGap && !text.slice(segment.start, cursor).includes('\n')) return previous() ?? statement;
  return statement;
}

/** The statement around a position for completion: the one being typed, even right after a `;`. */
export function statementAround(text: string, position: number, options: ScanOptions = {}): Statement {
  const segments = segmentsOf(text, options);
  const segment = segments.find((item) => position >= item.start && position <= item.end) ?? segments.at(-1);
  const start = segment?.start ?? 0;
  const end = segment ? (segment.end === text.length ? text.length : segment.end - 1) : text.length;
  return { from: start, to: end, text: text.slice(start, end) };
}
