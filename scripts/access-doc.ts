// Prints the role tables of docs/ACCESS.md from the server's role table.
import { accessTablesMarkdown } from '../apps/server/src/docs/access-doc.ts';

console.log(accessTablesMarkdown());
