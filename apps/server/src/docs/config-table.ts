import { configDocs } from '../config/config-docs.ts';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The README's configuration table, generated from the setting declarations so the two cannot drift. */
export function configTableMarkdown(): string {
  const rows = configDocs.map(
    (doc) =>
      `| \`${doc.name}\` | ${doc.default.startsWith('(') ? `_${doc.default}_` : `\`${doc.default}\``} | ${cell(doc.description)} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
