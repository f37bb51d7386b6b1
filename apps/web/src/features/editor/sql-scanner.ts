/**
 * A small SQL tokenizer: enough to split statements and find table references, never a parser.
 * Strings, quoted identifiers and comments are skipped as wholes so that a `;` or `FROM` inside
 * them is not mistaken for SQL. Unterminated ones run to the end of the text: the user is usually
 * still typing them.
 */

export interface ScanOptions {
  /** `\'` escapes a quote inside a string (MySQL, BigQuery). */
  backslashEscapes?: boolean;
  /** `# …` is a line comment (MySQL). */
  hashComments?: boolean;
  /** `$tag$ … $tag$` strings (PostgreSQL, DuckDB). */
  dollarQuotes?: boolean;
  /** `` `name` `` is an identifier (MySQL, SQLite, BigQuery). */
  backtickIdentifiers?: boolean;
}

export type TokenKind = 'word' | 'identifier' | 'string' | 'number' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The identifier without its quotes for `identifier`; the raw text otherwise. */
  value: string;
  from: number;
  to: number;
}

const wordStart = /[A-Za-z_\u0080-\uffff]/;
const wordPart = /[\w$\u0080-\uffff]/;
const dollarTag = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

function endOfQuoted(text: string, start: number, quote: string, backslash: boolean): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (backslash && char === '\\') {
      index += 2;
      continue;
    }
    if (char === quote) {
      // A doubled quote is an escaped quote, not the end.
      if (text[index + 1] === quote) {
        index += 2;
        continue;
      }
      return index + 1;
    }
    index += 1;
  }
  return text.length;
}

function unquote(raw: string): string {
  const quote = raw[0] ?? '';
  const closed = raw.length > 1 && raw.endsWith(quote);
  const inner = raw.slice(1, closed ? -1 : undefined);
  return inner.split(quote + quote).join(quote);
}

export function scanSql(text: string, options: ScanOptions = {}): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const push = (kind: TokenKind, from: number, to: number, value = text.slice(from, to)) => {
    tokens.push({ kind, value, from, to });
    index = to;
  };

  while (index < text.length) {
    const char = text[index] ?? '';
    const next = text[index + 1];
    if (/\s/.test(char)) {
      index += 1;
    } else if ((char === '-' && next === '-') || (char === '#' && options.hashComments)) {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 2;
    } else if (char === "'") {
      push('string', index, endOfQuoted(text, index, "'", options.backslashEscapes === true));
    } else if (char === '"' || (char === '`' && options.backtickIdentifiers)) {
      const end = endOfQuoted(text, index, char, false);
      push('identifier', index, end, unquote(text.slice(index, end)));
    } else if (char === '$' && options.dollarQuotes) {
      dollarTag.lastIndex = index;
      const match = dollarTag.exec(text);
      if (match) {
        const close = text.indexOf(match[0], index + match[0].length);
        push('string', index, close === -1 ? text.length : close + match[0].length);
      } else {
        push('punct', index, index + 1);
      }
    } else if (wordStart.test(char)) {
      let end = index + 1;
      while (end < text.length && wordPart.test(text[end] ?? '')) end += 1;
      push('word', index, end);
    } else if (/\d/.test(char) || (char === '.' && /\d/.test(next ?? ''))) {
      let end = index + 1;
      while (end < text.length && /[\w.]/.test(text[end] ?? '')) end += 1;
      push('number', index, end);
    } else {
      push('punct', index, index + 1);
    }
  }
  return tokens;
}

/** The name a word or identifier token stands for; quoted names keep their case. */
export function isName(token: Token | undefined): token is Token {
  return token !== undefined && (token.kind === 'word' || token.kind === 'identifier');
}
