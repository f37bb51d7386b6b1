import { OFFLINE_FOOTER } from './answer-text.ts';
import type { Knowledge, KnownTable, TableCard } from './schema-knowledge.ts';

/*
 * Answers that need no query: the tables, one table's columns, and what to say when a question is
 * not understood (why, examples that work here, and the tables there are).
 */

const code = (name: string) => `\`${name}\``;

function cardLine(card: TableCard): string {
  const rows = card.rowEstimate === null ? '' : ` (~${card.rowEstimate.toLocaleString('en-US')} rows)`;
  const description = card.description === null ? '' : ` — ${card.description}`;
  return `- ${code(card.name)}${rows}${description}`;
}

function tableList(knowledge: Knowledge): string {
  const cards = knowledge.listing;
  if (cards.length === 0) return 'I could not find any table in this database.';
  const total = knowledge.totalTables ?? cards.length;
  const more = total > cards.length ? `\n\n…and ${total - cards.length} more.` : '';
  return `${cards.map(cardLine).join('\n')}${more}`;
}

export function answerTables(knowledge: Knowledge): string {
  const total = knowledge.totalTables ?? knowledge.listing.length;
  const heading =
    total === 0 ? '' : `This database has **${total}** ${total === 1 ? 'table' : 'tables'}:\n\n`;
  return [`${heading}${tableList(knowledge)}`, OFFLINE_FOOTER].join('\n\n');
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ');

export function answerColumns(table: KnownTable, description: Record<string, unknown> | null): string {
  const notes = new Map<string, string>();
  for (const key of table.foreignKeys) {
    key.columns.forEach((column, index) =>
      notes.set(column, `→ ${key.table}.${key.refColumns[index] ?? ''}`),
    );
  }
  const described = Array.isArray(description?.columns)
    ? (description.columns as Record<string, unknown>[])
    : [];
  const lines = [
    '| Column | Type | Nullable | Key | Description |',
    '|---|---|---|---|---|',
    ...table.columns.map((column) => {
      const source = described.find((entry) => entry.name === column.name);
      const key = [table.primaryKey.includes(column.name) ? 'PK' : '', notes.get(column.name) ?? '']
        .filter(Boolean)
        .join(' ');
      const nullable = source?.nullable === false ? 'no' : 'yes';
      const text = typeof source?.description === 'string' ? source.description : '';
      return `| ${code(column.name)} | ${escapeCell(column.type)} | ${nullable} | ${escapeCell(key)} | ${escapeCell(text)} |`;
    }),
  ];
  const rows = table.rowEstimate === null ? '' : `, about ${table.rowEstimate.toLocaleString('en-US')} rows`;
  const referenced =
    table.referencedBy.length > 0 ? `\n\nReferenced by: ${table.referencedBy.map(code).join(', ')}.` : '';
  return [
    `${code(table.name)} has **${table.columns.length}** columns${rows}:`,
    `${lines.join('\n')}${referenced}`,
    OFFLINE_FOOTER,
  ].join('\n\n');
}

/** Example questions, written with this database's own names where it has some. */
function examples(knowledge: Knowledge): string[] {
  const first = knowledge.listing[0]?.name ?? 'orders';
  const second = knowledge.listing[1]?.name ?? first;
  return [
    '"What tables are there?"',
    `"Describe the ${first} table"`,
    `"How many ${first} are there?"`,
    `"Show 5 ${second}" or "show 5 ${second} from Germany"`,
    `"Top 5 ${first} by <a numeric column>", "Which <table> has the most ${second}?"`,
    `"Total <numeric column> by <column>", "average <numeric column> per <table>"`,
    `"Distinct values of <column> in ${first}"`,
    `"How many ${first} where <column> is <value>"`,
    'SQL typed directly, starting with SELECT or WITH',
  ];
}

export function answerHelp(
  reason: string | null,
  knowledge: Knowledge,
  rephrasing: string | null = null,
): string {
  const opening =
    reason === null
      ? "I'm Querent's **offline analyst** and I did not understand that question."
      : `I'm Querent's **offline analyst** and I could not answer that: ${reason}`;
  // A specific reason with a way to ask instead says enough; the examples are for the rest.
  if (rephrasing !== null)
    return [opening, `Ask it this way and I can answer: ${rephrasing}`, OFFLINE_FOOTER].join('\n\n');
  return [
    opening,
    `I understand simple questions such as:\n\n${examples(knowledge)
      .map((example) => `- ${example}`)
      .join('\n')}`,
    `The tables here:\n\n${tableList(knowledge)}`,
    OFFLINE_FOOTER,
  ].join('\n\n');
}
