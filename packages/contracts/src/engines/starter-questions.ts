import type { Engine } from './engine-names.ts';

/**
 * Questions an empty conversation offers when its database's schema suggests none, by engine. Kept
 * apart from the descriptors: the chat's first load reads only this table, not every engine's
 * connection fields and dialect rules.
 */
export const engineStarterQuestions: Readonly<Record<Engine, readonly string[]>> = {
  postgres: [],
  mysql: [],
  snowflake: [],
  sqlite: [],
  bigquery: [],
  motherduck: [],
};
