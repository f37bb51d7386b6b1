// Prints the configuration table for README.md from the server's setting declarations.
import { configTableMarkdown } from '../apps/server/src/docs/config-table.ts';

console.log(configTableMarkdown());
