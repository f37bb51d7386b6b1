// Prints the configuration table for README.md from the server's config schema.
import { configTableMarkdown } from '../apps/server/src/docs/config-table.ts';

console.log(configTableMarkdown());
