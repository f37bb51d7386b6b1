import type { SemanticFilter } from '@querent/contracts';

/*
 * MetricFlow's where filters (`{{ Dimension('customer__customer_type') }} = 'new'`,
 * `{{ TimeDimension('metric_time', 'day') }} >= '2024-01-01'`) read into structured filters:
 * conditions on one dimension each, joined by AND, with =, !=, <>, <, <=, >, >=, IN, NOT IN,
 * BETWEEN and IS [NOT] NULL against literals. Anything else (OR, SQL functions, two dimensions
 * compared, Entity()) cannot be checked against the model or compiled for every engine, so it is
 * refused with the reason rather than passed on as SQL.
 */

export interface DbtDimensionReference {
  kind: 'Dimension' | 'TimeDimension';
  /** `entity__dimension`, or `metric_time`. */
  name: string;
  grain: string | null;
}

/** The model's name for a referenced dimension, or why there is none. */
export type DimensionResolver = (reference: DbtDimensionReference) => string | { error: string };

export type FilterReading = { filters: SemanticFilter[] } | { error: string };

type Token =
  | { kind: 'ref'; reference: DbtDimensionReference }
  | { kind: 'value'; value: string | number | boolean }
  | { kind: 'word'; word: string }
  | { kind: 'operator'; operator: string }
  | { kind: 'punctuation'; text: string };

const referencePattern =
  /^\{\{\s*(Dimension|TimeDimension|Entity)\(\s*['"]([^'"]+)['"]\s*(?:,\s*['"]([^'"]+)['"]\s*)?\)((?:\.\w+\([^)]*\))*)\s*\}\}/;

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    const reference = referencePattern.exec(rest);
    const literal = /^'((?:[^']|'')*)'/.exec(rest);
    const number = /^-?\d+(?:\.\d+)?(?![\w.])/.exec(rest);
    const word = /^[A-Za-z_]+\b/.exec(rest);
    const operator = /^(?:<>|!=|>=|<=|=|<|>)/.exec(rest);
    const punctuation = /^[(),]/.exec(rest);
    let taken: string;
    if (reference !== null) {
      const [whole, kind, name = '', grainArgument, calls = ''] = reference;
      if (kind === 'Entity')
        return `Entity('${name}') is not a dimension; only dimensions can be filtered on`;
      const grainCall = /\.grain\(\s*['"](\w+)['"]\s*\)/.exec(calls);
      tokens.push({
        kind: 'ref',
        reference: {
          kind: kind === 'TimeDimension' ? 'TimeDimension' : 'Dimension',
          name,
          grain: (grainArgument ?? grainCall?.[1] ?? null)?.toLowerCase() ?? null,
        },
      });
      taken = whole;
    } else if (literal !== null) {
      tokens.push({ kind: 'value', value: (literal[1] ?? '').replaceAll("''", "'") });
      taken = literal[0];
    } else if (number !== null) {
      tokens.push({ kind: 'value', value: Number(number[0]) });
      taken = number[0];
    } else if (word !== null) {
      const upper = word[0].toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE') tokens.push({ kind: 'value', value: upper === 'TRUE' });
      else tokens.push({ kind: 'word', word: upper });
      taken = word[0];
    } else if (operator !== null) {
      tokens.push({ kind: 'operator', operator: operator[0] === '<>' ? '!=' : operator[0] });
      taken = operator[0];
    } else if (punctuation !== null) {
      tokens.push({ kind: 'punctuation', text: punctuation[0] });
      taken = punctuation[0];
    } else {
      return `cannot read "${rest.slice(0, 30)}"`;
    }
    rest = rest.slice(taken.length).trimStart();
  }
  return tokens;
}

const comparisons = new Set(['=', '!=', '>', '>=', '<', '<=']);

/** Reads one `where_sql_template` into filters, or says why it cannot. */
export function readDbtFilter(template: string, resolve: DimensionResolver): FilterReading {
  const tokens = tokenize(template);
  if (typeof tokens === 'string') return { error: tokens };
  const filters: SemanticFilter[] = [];
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (word: string) => {
    const token = peek();
    return token?.kind === 'word' && token.word === word;
  };
  const value = (): string | number | boolean | null => {
    const token = tokens[at];
    if (token?.kind !== 'value') return null;
    at += 1;
    return token.value;
  };

  while (at < tokens.length) {
    const first = tokens[at];
    if (first?.kind !== 'ref')
      return { error: 'each condition must start with a Dimension or TimeDimension' };
    at += 1;
    const dimension = resolve(first.reference);
    if (typeof dimension !== 'string') return dimension;
    const next = peek();
    if (next?.kind === 'operator' && comparisons.has(next.operator)) {
      at += 1;
      const operand = value();
      if (operand === null) return { error: `${next.operator} must be followed by a literal value` };
      filters.push({ dimension, operator: next.operator as SemanticFilter['operator'], values: [operand] });
    } else if (isWord('IS')) {
      at += 1;
      const negated = isWord('NOT');
      if (negated) at += 1;
      if (!isWord('NULL')) return { error: 'IS must be followed by NULL or NOT NULL' };
      at += 1;
      filters.push({ dimension, operator: negated ? 'is_not_null' : 'is_null', values: [] });
    } else if (isWord('IN') || isWord('NOT')) {
      const negated = isWord('NOT');
      if (negated) {
        at += 1;
        if (!isWord('IN')) return { error: 'NOT must be followed by IN' };
      }
      at += 1;
      const open = tokens[at];
      if (open?.kind !== 'punctuation' || open.text !== '(')
        return { error: 'IN must be followed by a list' };
      at += 1;
      const values: (string | number | boolean)[] = [];
      for (;;) {
        const item = value();
        if (item === null) return { error: 'an IN list holds literal values only' };
        values.push(item);
        const separator = tokens[at];
        at += 1;
        if (separator?.kind === 'punctuation' && separator.text === ')') break;
        if (separator?.kind !== 'punctuation' || separator.text !== ',')
          return { error: 'an IN list is not closed' };
      }
      filters.push({ dimension, operator: negated ? 'not_in' : 'in', values });
    } else if (isWord('BETWEEN')) {
      at += 1;
      const low = value();
      if (low === null || !isWord('AND')) return { error: 'BETWEEN needs two literal values' };
      at += 1;
      const high = value();
      if (high === null) return { error: 'BETWEEN needs two literal values' };
      filters.push({ dimension, operator: 'between', values: [low, high] });
    } else {
      return { error: 'a condition compares its dimension with =, !=, <, <=, >, >=, IN, BETWEEN or IS NULL' };
    }
    if (at >= tokens.length) break;
    if (isWord('OR')) return { error: 'OR cannot be written as structured filters' };
    if (!isWord('AND')) return { error: 'conditions can only be joined by AND' };
    at += 1;
  }
  if (filters.length === 0) return { error: 'the filter has no condition' };
  return { filters };
}
