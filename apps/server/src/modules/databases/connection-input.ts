import { connectionDetailsSchemas, isEngine } from '@querent/contracts';
import type { Engine } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { Details, DetailValue } from '../../secrets/connection-secrets.ts';

/** The engine of a request, or 400 'Unsupported engine' naming the field. */
export function parseEngine(engine: string): Engine {
  if (!isEngine(engine)) throw new AppError('BAD_REQUEST', 'Unsupported engine', { field: 'engine' });
  return engine;
}

function isDetailValue(value: unknown): value is DetailValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** The engine's own connection fields, defaults applied; a bad one is named `details.<field>`. */
export function parseDetails(engine: Engine, details: Record<string, unknown>): Details {
  const parsed = connectionDetailsSchemas[engine].safeParse(details);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['details', ...(issue?.path ?? []).map(String)].join('.');
    throw new AppError('BAD_REQUEST', `${field} ${issue?.message ?? 'is invalid'}`, { field });
  }
  const clean: Details = {};
  // Optional fields left out stay out, rather than being stored as undefined.
  for (const [key, value] of Object.entries(parsed.data)) {
    if (isDetailValue(value)) clean[key] = value;
  }
  return clean;
}

/** What the client sent, before validation: only the scalar values a detail may hold. */
export function incomingDetails(details: Record<string, unknown>): Details {
  const result: Details = {};
  for (const [key, value] of Object.entries(details)) {
    if (isDetailValue(value)) result[key] = value;
    // A service account key uploaded as a file may arrive parsed; it is stored as text.
    else if (typeof value === 'object') result[key] = JSON.stringify(value);
  }
  return result;
}
