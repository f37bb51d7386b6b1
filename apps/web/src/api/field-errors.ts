import { ApiError } from '../lib/api-error.ts';

/**
 * The server names the input at fault in two spellings: `details.host`, `tables.2.table` from
 * schema validation and `tables[2]` from its own checks. Both become dotted paths here.
 */
export function normalizeField(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * Which of a form's inputs a failed call points at: the longest known input the server's field
 * equals or lies inside (`details.port` for `details.port`, `tables.2` for `tables[2].schema`).
 * Null when the error names no field, or one the form does not draw.
 */
export function fieldOfError(error: unknown, inputs: readonly string[]): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const path = normalizeField(error.field);
  let best: string | null = null;
  for (const input of inputs) {
    const matches = path === input || path.startsWith(`${input}.`);
    if (matches && (best === null || input.length > best.length)) best = input;
  }
  return best;
}

/** The index a project's `tables[n]` error points at, or null. */
export function tableIndexOfError(error: unknown): number | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const match = /^tables\.(\d+)(\.|$)/.exec(normalizeField(error.field));
  return match?.[1] === undefined ? null : Number(match[1]);
}
