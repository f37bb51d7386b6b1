// Recall of the schema search: reworded questions over a generated 5,000-table warehouse, each
// about one table; how often is that table among the first k results? Against a plain substring
// match of the question's words (what the search did before words were weighted).
import { SchemaIndex } from '../apps/server/src/agent/schema/schema-index.ts';
import type { SchemaTable } from '../apps/server/src/agent/schema/schema-tables.ts';
import { listSchemaTables } from '../apps/server/src/agent/schema/schema-tables.ts';
import type { GeneratedTable } from './generated-schema.ts';
import { generateTables, random, schemaOf } from './generated-schema.ts';
import { median } from './server-process.ts';

const tableCount = 5_000;
const questionCount = 300;
const ks = [1, 5, 10] as const;
/** Below this recall@10 the benchmark fails: the analyst would miss the table too often. */
const recallFloor = 0.9;

const plural = (word: string) =>
  word.endsWith('y')
    ? `${word.slice(0, -1)}ies`
    : word.endsWith('s') || word.endsWith('h')
      ? `${word}es`
      : `${word}s`;
const grainWords: Record<string, string[]> = {
  daily: ['daily', 'per day'],
  weekly: ['weekly', 'each week'],
  monthly: ['monthly', 'by month'],
  yearly: ['yearly', 'per year'],
  history: ['history of', 'full history of'],
  snapshot: ['snapshot of', 'latest snapshot of'],
  summary: ['summary of', 'summarised'],
  staging: ['staging', 'staged'],
  archive: ['archived', 'archive of'],
  audit: ['audit of', 'audited'],
};

/**
 * A question about one table in other words than its name: plurals, another order, filler words,
 * and the wording of its grain ("per day" for daily); for an abbreviated table only its dbt
 * description says what it holds.
 */
function reword(target: GeneratedTable, next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const grain = pick(grainWords[target.grain] ?? [target.grain]);
  const entity = next() < 0.6 ? plural(target.entity) : target.entity;
  const domain = target.domain === 'hr' ? pick(['hr', 'HR']) : target.domain;
  return pick([
    `How many ${entity} does the ${domain} team have, ${grain}?`,
    `Show me the ${grain} ${entity} of ${domain}`,
    `What is the total amount of ${domain} ${entity} ${grain}?`,
    `Which ${entity} in ${domain} changed the most (${grain})?`,
    `List ${domain} ${entity}, ${grain}, by country`,
  ]);
}

/** The search as it was: every word of more than one letter, matched as a substring. */
function substringSearch(tables: readonly SchemaTable[], question: string): SchemaTable[] {
  const terms = question
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .flatMap((word) => word.split('_'))
    .filter((word) => word.length > 1)
    .flatMap((word) => (word.length > 3 && word.endsWith('s') ? [word, word.slice(0, -1)] : [word]));
  const scored: { entry: SchemaTable; score: number }[] = [];
  for (const entry of tables) {
    const name = entry.table.name.toLowerCase();
    const description = (entry.table.comment ?? entry.table.dbtDescription ?? '').toLowerCase();
    let score = 0;
    for (const term of new Set(terms)) {
      if (name === term) score += 10;
      else if (name.includes(term)) score += 5;
      if (description.includes(term)) score += 1;
      for (const column of entry.table.columns) if (column.name.toLowerCase().includes(term)) score += 3;
    }
    if (score > 0) scored.push({ entry, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
    .map((s) => s.entry);
}

function recall(ranks: readonly number[], k: number): number {
  return ranks.filter((rank) => rank >= 0 && rank < k).length / ranks.length;
}

export function benchSchemaSearchRecall() {
  const generated = generateTables(tableCount);
  const tables = listSchemaTables(schemaOf(generated));
  const index = new SchemaIndex(tables);
  const next = random(11);
  const questions = Array.from({ length: questionCount }, () => {
    const target = generated[Math.floor(next() * generated.length)] as GeneratedTable;
    return { target: target.table.name, question: reword(target, next) };
  });
  const ours: number[] = [];
  const theirs: number[] = [];
  const times: number[] = [];
  for (const { target, question } of questions) {
    const started = performance.now();
    const found = index.search(question);
    times.push(performance.now() - started);
    ours.push(found.findIndex((match) => match.entry.table.name === target));
    theirs.push(substringSearch(tables, question).findIndex((entry) => entry.table.name === target));
  }
  const abbreviated = questions
    .map((entry, position) => ({ entry, rank: ours[position] ?? -1 }))
    .filter(({ entry }) => generated.find((table) => table.table.name === entry.target)?.abbreviated);
  const rows = ks.map((k) => ({
    benchmark: `schema search recall@${k}, ${questionCount} reworded questions, ${tableCount.toLocaleString('en-US')} tables`,
    querent: `${(recall(ours, k) * 100).toFixed(1)}%${
      k === 10
        ? ` (abbreviated names: ${(
            recall(
              abbreviated.map((a) => a.rank),
              k,
            ) * 100
          ).toFixed(1)}%; median ${median(times).toFixed(1)} ms a search)`
        : ''
    }`,
    baseline: `${(recall(theirs, k) * 100).toFixed(1)}% (substring match of the words)`,
    ratio: (recall(ours, k) / Math.max(recall(theirs, k), 1e-9)).toFixed(2),
    target: k === 10 ? `recall@10 ≥ ${recallFloor * 100}%` : '',
  }));
  if (recall(ours, 10) < recallFloor) {
    throw new Error(
      `schema search recall@10 is ${(recall(ours, 10) * 100).toFixed(1)}%, under the floor of ${recallFloor * 100}%`,
    );
  }
  return rows;
}

if (import.meta.main) console.table(benchSchemaSearchRecall());
