import type { StoreDb } from '../../store/connect.ts';

export interface ApiKeyDeps {
  db: StoreDb;
  /** The clock expiry and last use are judged by; tests move it instead of waiting. */
  now?: (() => Date) | undefined;
}

export function nowOf(deps: ApiKeyDeps): Date {
  return deps.now?.() ?? new Date();
}
