// Prints the configuration table of docs/CONFIGURATION.md from the server's setting declarations;
// with --write, puts it in the page in place of the old one.
import { readFileSync, writeFileSync } from 'node:fs';
import { configTableMarkdown, replaceConfigTable } from '../apps/server/src/docs/config-table.ts';

const page = new URL('../docs/CONFIGURATION.md', import.meta.url);

if (process.argv.includes('--write')) {
  writeFileSync(page, replaceConfigTable(readFileSync(page, 'utf8'), configTableMarkdown()));
  console.log('docs/CONFIGURATION.md: configuration table written');
} else {
  console.log(configTableMarkdown());
}
