import { describe, expect, it } from 'vitest';
import {
  blankDetails,
  contextId,
  engineDescriptors,
  engines,
  errorResponseSchema,
  parseContextId,
} from '../src/index.ts';

describe('engines', () => {
  it('builds blank details with the default ports', () => {
    expect(blankDetails('postgres')).toEqual({
      host: null,
      port: 5432,
      user: null,
      password: null,
      database: null,
    });
    expect(blankDetails('mysql')).toMatchObject({ port: 3306 });
    expect(blankDetails('sqlite')).toEqual({ filename: null });
  });

  it("refuses an unknown engine with 'Unsupported engine'", () => {
    expect(() => blankDetails('oracle')).toThrow('Unsupported engine');
  });

  it('names all six engines by their display names', () => {
    expect(engines.map((engine) => engineDescriptors[engine].displayName)).toEqual([
      'PostgreSQL',
      'MySQL',
      'Snowflake',
      'SQLite',
      'BigQuery',
      'MotherDuck',
    ]);
  });
});

describe('context ids', () => {
  it('round-trips project and database ids', () => {
    expect(contextId('project', '42')).toBe('project-42');
    expect(parseContextId('database-a-b')).toEqual({ kind: 'database', id: 'a-b' });
    expect(parseContextId('table-1')).toBeNull();
    expect(parseContextId('project-')).toBeNull();
  });
});

describe('error shape', () => {
  it('accepts the one error shape and rejects unknown codes', () => {
    expect(errorResponseSchema.safeParse({ error: { code: 'NOT_FOUND', message: 'x' } }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ error: { code: 'TEAPOT', message: 'x' } }).success).toBe(false);
  });
});
