import { duckdbSql } from './duckdb-sql.ts';
import type { EngineDescriptor } from './engine-descriptor.ts';

export const motherduck: EngineDescriptor = {
  name: 'motherduck',
  displayName: 'MotherDuck',
  summary: 'MotherDuck, or a local DuckDB file',
  look: { icon: 'bird', tint: 'amber' },
  dialect: duckdbSql,
  fields: [
    {
      name: 'token',
      label: 'Access token',
      input: 'password',
      secret: true,
      required: true,
      help: 'From MotherDuck settings → Access tokens.',
    },
    { name: 'database', label: 'Database', input: 'text', required: true },
    {
      name: 'path',
      label: 'Local DuckDB file path',
      input: 'text',
      alternative: true,
      placeholder: '/data/warehouse.duckdb',
      help: 'Opens a DuckDB file on the machine where Querent runs instead of MotherDuck; token and database are then not needed.',
      localPath: true,
    },
  ],
  // MotherDuck needs a token and a database; a local DuckDB file needs only its path.
  signIn: [{ oneOf: [['token', 'database'], ['path']], message: 'is required (or a path)' }],
  alternativesTitle: 'A local DuckDB file instead of MotherDuck',
  readOnlyGuard:
    'safe mode opens the database with access_mode READ_ONLY (and no other file access for local files)',
};
