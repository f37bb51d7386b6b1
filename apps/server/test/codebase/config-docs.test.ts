import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configDocs } from '../../src/config/config-docs.ts';
import { configVariables } from '../../src/config/load-config.ts';
import { configTableMarkdown, replaceConfigTable } from '../../src/docs/config-table.ts';

const page = readFileSync(new URL('../../../../docs/CONFIGURATION.md', import.meta.url), 'utf8');

describe('the configuration table of docs/CONFIGURATION.md', () => {
  it('is the table generated from the setting declarations (regenerate: node scripts/config-table.ts --write)', () => {
    expect(page).toContain(configTableMarkdown());
  });

  it('documents every variable the loader reads, and no other', () => {
    expect(configDocs.map((doc) => doc.name).sort()).toEqual([...configVariables].sort());
  });

  it('is replaced whole by the generator, leaving the text around it alone', () => {
    const stale = [
      '# Page',
      '',
      '| Variable | Default | Meaning |',
      '|---|---|---|',
      '| `OLD` | `1` | gone |',
      '',
      'After.',
    ];
    const table = '| Variable | Default | Meaning |\n|---|---|---|\n| `NEW` | `2` | here |';
    expect(replaceConfigTable(stale.join('\n'), table)).toBe(`# Page\n\n${table}\n\nAfter.`);
    expect(replaceConfigTable(page, configTableMarkdown())).toBe(page);
    expect(() => replaceConfigTable('# No table', table)).toThrow('the page has no configuration table');
  });
});
