/*
 * The arithmetic of a derived metric: metric names, numbers, + - * / and parentheses, nothing
 * else, so that no SQL of the model's author reaches the query through it. Parsed by recursive
 * descent; an error names the position (counted from 1) of the first character it cannot read.
 */

export type MetricExpression =
  | { kind: 'metric'; name: string }
  | { kind: 'number'; value: string }
  | { kind: 'negate'; operand: MetricExpression }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: MetricExpression; right: MetricExpression };

export class MetricExpressionError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} at position ${position}`);
    this.name = 'MetricExpressionError';
    this.position = position;
  }
}

interface Token {
  kind: 'name' | 'number' | 'operator' | 'open' | 'close' | 'end';
  text: string;
  /** 1-based. */
  position: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s+|([a-z][a-z0-9_]*)|(\d+(?:\.\d+)?)|([-+*/])|(\()|(\))/y;
  let index = 0;
  while (index < text.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match === null) {
      throw new MetricExpressionError(`Unexpected "${text[index]}"`, index + 1);
    }
    const [whole, name, number, operator, open] = match;
    const position = index + 1;
    if (name !== undefined) tokens.push({ kind: 'name', text: name, position });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number, position });
    else if (operator !== undefined) tokens.push({ kind: 'operator', text: operator, position });
    else if (open !== undefined) tokens.push({ kind: 'open', text: open, position });
    else if (whole.trim() !== '') tokens.push({ kind: 'close', text: whole, position });
    index += whole.length;
  }
  tokens.push({ kind: 'end', text: '', position: text.length + 1 });
  return tokens;
}

/** Parses a derived metric's expression, or throws a MetricExpressionError. */
export function parseMetricExpression(text: string): MetricExpression {
  const tokens = tokenize(text);
  let next = 0;
  const peek = (): Token => tokens[next] ?? { kind: 'end', text: '', position: text.length + 1 };
  const take = (): Token => {
    const token = peek();
    next += 1;
    return token;
  };

  function sum(): MetricExpression {
    let left = product();
    while (peek().kind === 'operator' && (peek().text === '+' || peek().text === '-')) {
      const operator = take().text === '+' ? '+' : '-';
      left = { kind: 'binary', operator, left, right: product() };
    }
    return left;
  }

  function product(): MetricExpression {
    let left = unary();
    while (peek().kind === 'operator' && (peek().text === '*' || peek().text === '/')) {
      const operator = take().text === '*' ? '*' : '/';
      left = { kind: 'binary', operator, left, right: unary() };
    }
    return left;
  }

  function unary(): MetricExpression {
    if (peek().kind === 'operator' && peek().text === '-') {
      take();
      return { kind: 'negate', operand: unary() };
    }
    return primary();
  }

  function primary(): MetricExpression {
    const token = take();
    if (token.kind === 'name') return { kind: 'metric', name: token.text };
    if (token.kind === 'number') return { kind: 'number', value: token.text };
    if (token.kind === 'open') {
      const inner = sum();
      const close = take();
      if (close.kind !== 'close') throw new MetricExpressionError('Expected ")"', close.position);
      return inner;
    }
    const seen = token.kind === 'end' ? 'the end' : `"${token.text}"`;
    throw new MetricExpressionError(
      `Expected a metric name, a number or "(" but found ${seen}`,
      token.position,
    );
  }

  const expression = sum();
  const rest = peek();
  if (rest.kind !== 'end') throw new MetricExpressionError(`Unexpected "${rest.text}"`, rest.position);
  return expression;
}

/** The metric names an expression reads, each once, in order of appearance. */
export function metricNamesIn(expression: MetricExpression): string[] {
  switch (expression.kind) {
    case 'metric':
      return [expression.name];
    case 'number':
      return [];
    case 'negate':
      return metricNamesIn(expression.operand);
    case 'binary':
      return [...new Set([...metricNamesIn(expression.left), ...metricNamesIn(expression.right)])];
  }
}
