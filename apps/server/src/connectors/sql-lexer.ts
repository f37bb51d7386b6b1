import { type LexicalRules, type SqlDialect, sqlDialects } from '@querent/contracts';

/**
 * A small SQL tokenizer for the statement classifier. It only needs to know where code is — as
 * opposed to strings, quoted names and comments — and where statements end. Wherever it could
 * disagree with the database it errs towards seeing more code, never less, so nothing can hide
 * from the classifier inside what it wrongly took for a comment or a string.
 */

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'symbol' | 'param';

export interface SqlToken {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

export interface LexOptions {
  dialect: SqlDialect;
  /**
   * Whether a backslash escapes the next character inside '…' (MySQL's default, PostgreSQL with
   * standard_conforming_strings off); the dialect's default when left out.
   */
  backslashEscapes?: boolean;
}

export type LexResult = { ok: true; statements: SqlToken[][] } | { ok: false; reason: string };

const wordStart = /[A-Za-z_\u0080-\uffff]/;
const wordPart = /[A-Za-z0-9_$\u0080-\uffff]/;
const digit = /[0-9]/;

class LexError extends Error {}

/** Splits SQL text into statements of tokens, comments dropped. */
export function lexSql(sql: string, options: LexOptions): LexResult {
  try {
    return { ok: true, statements: splitStatements(tokenize(sql, options)) };
  } catch (error) {
    if (error instanceof LexError) return { ok: false, reason: error.message };
    throw error;
  }
}

function splitStatements(tokens: SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  for (const token of tokens) {
    if (token.kind === 'symbol' && token.text === ';') {
      if (current.length > 0) statements.push(current);
      current = [];
    } else {
      current.push(token);
    }
  }
  if (current.length > 0) statements.push(current);
  return statements;
}

function tokenize(sql: string, options: LexOptions): SqlToken[] {
  const dialect = sqlDialects[options.dialect].lexical;
  const backslashEscapes = options.backslashEscapes ?? dialect.backslashEscapes.byDefault;
  const tokens: SqlToken[] = [];
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: sql.slice(start, end), start, end });
  };
  while (i < sql.length) {
    const ch = sql.charAt(i);
    const next = sql.charAt(i + 1);
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '-' && next === '-' && isDashComment(sql, i, dialect)) {
      i = lineEnd(sql, i);
    } else if (ch === '#' && dialect.hashComments) {
      i = lineEnd(sql, i);
    } else if (ch === '/' && next === '*') {
      if (dialect.executableComments && /^\/\*(!|M!)/.test(sql.slice(i, i + 4))) {
        throw new LexError('it holds an executable comment');
      }
      i = blockCommentEnd(sql, i, dialect.nestedBlockComments);
    } else if (ch === "'") {
      const prefixed = dialect.escapeStrings && isEscapeStringPrefix(tokens, i);
      if (prefixed) tokens.pop();
      const end = quotedEnd(sql, i, "'", backslashEscapes || prefixed);
      push('string', prefixed ? i - 1 : i, end);
      i = end;
    } else if (ch === '"') {
      // A "…" string (MySQL unless ANSI_QUOTES) takes backslash escapes; either way it ends at the same quote.
      const end = quotedEnd(sql, i, '"', dialect.doubleQuotedStrings && backslashEscapes);
      push('quoted', i, end);
      i = end;
    } else if (ch === '`' && dialect.backticks) {
      const end = quotedEnd(sql, i, '`', false);
      push('quoted', i, end);
      i = end;
    } else if (ch === '[' && dialect.brackets) {
      const close = sql.indexOf(']', i + 1);
      if (close < 0) throw new LexError('a [name] is not closed');
      push('quoted', i, close + 1);
      i = close + 1;
    } else if (ch === '$' && dialect.dollarQuotes && isDollarQuoteStart(sql, i)) {
      const end = dollarQuoteEnd(sql, i);
      push('string', i, end);
      i = end;
    } else if (ch === '$' && digit.test(next)) {
      let end = i + 1;
      while (digit.test(sql.charAt(end))) end += 1;
      push('param', i, end);
      i = end;
    } else if (wordStart.test(ch)) {
      let end = i + 1;
      while (end < sql.length && wordPart.test(sql.charAt(end))) end += 1;
      push('word', i, end);
      i = end;
    } else if (digit.test(ch) || (ch === '.' && digit.test(next))) {
      const end = numberEnd(sql, i);
      push('number', i, end);
      i = end;
    } else {
      push('symbol', i, i + 1);
      i += 1;
    }
  }
  return tokens;
}

function isDashComment(sql: string, at: number, dialect: LexicalRules): boolean {
  if (!dialect.dashCommentNeedsSpace) return true;
  const after = sql.charAt(at + 2);
  return after === '' || after <= ' ';
}

function lineEnd(sql: string, from: number): number {
  const newline = sql.indexOf('\n', from);
  return newline < 0 ? sql.length : newline + 1;
}

function blockCommentEnd(sql: string, from: number, nested: boolean): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql.startsWith('/*', i) && (nested || depth === 0)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  throw new LexError('a /* comment */ is not closed');
}

/** An E or e right before the quote, with no space between, makes an escape string. */
function isEscapeStringPrefix(tokens: SqlToken[], quoteAt: number): boolean {
  const previous = tokens.at(-1);
  return previous !== undefined && previous.end === quoteAt && /^[Ee]$/.test(previous.text);
}

function quotedEnd(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql.charAt(i);
    if (backslashEscapes && ch === '\\') {
      i += 2;
    } else if (ch === quote) {
      if (sql.charAt(i + 1) === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  throw new LexError(`a ${quote}…${quote} is not closed`);
}

function isDollarQuoteStart(sql: string, at: number): boolean {
  return /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(at, at + 64));
}

function dollarQuoteEnd(sql: string, from: number): number {
  const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(from, from + 64))?.[0] ?? '$$';
  const close = sql.indexOf(tag, from + tag.length);
  if (close < 0) throw new LexError(`a ${tag}…${tag} string is not closed`);
  return close + tag.length;
}

function numberEnd(sql: string, from: number): number {
  let i = from;
  while (/[0-9._]/.test(sql.charAt(i))) i += 1;
  if (/[eE]/.test(sql.charAt(i)) && /[0-9+-]/.test(sql.charAt(i + 1))) {
    i += 2;
    while (digit.test(sql.charAt(i))) i += 1;
  }
  // 0x1F style literals and identifiers like 1abc end up as one token; only code/not-code matters here.
  while (wordPart.test(sql.charAt(i))) i += 1;
  return i;
}
