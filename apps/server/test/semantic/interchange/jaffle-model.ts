import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDbtSemanticLayer } from '../../../src/semantic/interchange/import-dbt-semantic-layer.ts';

/** The fixture folder of public interchange files (see its README for where they came from). */
export const interchangeFixtures = join(import.meta.dirname, '../../fixtures/semantic-interchange');

export function readFixture(name: string): string {
  return readFileSync(join(interchangeFixtures, name), 'utf8');
}

/** The jaffle-sl-template YAML, as a team keeps it in Git, imported. */
export function importJaffleYaml() {
  return importDbtSemanticLayer({
    yaml: ['orders.yml', 'order_items.yml', 'customers.yml'].map((file) => ({
      path: `models/marts/customer360/${file}`,
      text: readFixture(`jaffle-sl-template/${file}`),
    })),
  });
}
