/*
 * Why a metric query cannot be compiled, with the query field at fault ("metrics[0]",
 * "filters[2].values") so that an API can answer 400 naming it, and the names the asker may
 * have meant when a name was not found.
 */

export type SemanticQueryErrorCode =
  | 'unknown_name'
  | 'ambiguous_name'
  | 'ambiguous_join'
  | 'fan_out'
  | 'unreachable'
  | 'invalid_expression'
  | 'invalid_filter'
  | 'invalid_query'
  | 'invalid_model';

export class SemanticQueryError extends Error {
  readonly code: SemanticQueryErrorCode;
  readonly field: string;
  /** Valid names close to an unknown one, best first. */
  readonly suggestions: readonly string[];

  constructor(
    code: SemanticQueryErrorCode,
    field: string,
    message: string,
    suggestions: readonly string[] = [],
  ) {
    super(message);
    this.name = 'SemanticQueryError';
    this.code = code;
    this.field = field;
    this.suggestions = suggestions;
  }
}
