import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTableMarkdown } from '../src/docs/config-table.ts';
import { configDocs, configVariables } from '../src/env.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README configuration table', () => {
  it('is the table generated from the config schema (regenerate: node scripts/config-table.ts)', () => {
    expect(readme).toContain(configTableMarkdown());
  });

  it('documents every variable the schema reads, and no other', () => {
    expect(configDocs.map((doc) => doc.name).sort()).toEqual([...configVariables].sort());
  });
});
