import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configDocs } from '../src/config/config-docs.ts';
import { configVariables } from '../src/config/load-config.ts';
import { configTableMarkdown } from '../src/docs/config-table.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README configuration table', () => {
  it('is the table generated from the setting declarations (regenerate: node scripts/config-table.ts)', () => {
    expect(readme).toContain(configTableMarkdown());
  });

  it('documents every variable the loader reads, and no other', () => {
    expect(configDocs.map((doc) => doc.name).sort()).toEqual([...configVariables].sort());
  });
});
