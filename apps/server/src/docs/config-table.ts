import { configDocs } from '../config/config-docs.ts';

const cell = (text: string) => text.replaceAll('|', '\\|');
const header = '| Variable | Default | Meaning |';

/** The configuration table of docs/CONFIGURATION.md, generated from the setting declarations so the two cannot drift. */
export function configTableMarkdown(): string {
  const rows = configDocs.map(
    (doc) =>
      `| \`${doc.name}\` | ${doc.default.startsWith('(') ? `_${doc.default}_` : `\`${doc.default}\``} | ${cell(doc.description)} |`,
  );
  return [header, '|---|---|---|', ...rows].join('\n');
}

/** The page with its configuration table (from the header to the last row) replaced by `table`. */
export function replaceConfigTable(page: string, table: string): string {
  const lines = page.split('\n');
  const start = lines.indexOf(header);
  if (start === -1) throw new Error(`the page has no configuration table (a line "${header}")`);
  let end = start;
  while (lines[end + 1]?.startsWith('|')) end += 1;
  return [...lines.slice(0, start), table, ...lines.slice(end + 1)].join('\n');
}
