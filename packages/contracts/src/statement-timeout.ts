/*
 * Limits of a database's statement timeout. Apart from databases.ts, which builds zod schemas at
 * import, so the web app can read them without bundling zod.
 */
export const MIN_STATEMENT_TIMEOUT_MS = 100;
export const MAX_STATEMENT_TIMEOUT_MS = 24 * 60 * 60 * 1000;
