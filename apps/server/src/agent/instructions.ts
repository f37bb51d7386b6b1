import { engineDescriptors, sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../connectors/index.ts';
import type { AgentSubject } from './agent-port.ts';
import type { SchemaSummary } from './schema/schema-summary.ts';
import { estimateTokens } from './token-estimate.ts';

const MEMORY_TOKENS = 1500;

function memoryLines(memories: readonly { content: string }[]): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const memory of memories) {
    const line = `- ${memory.content.replace(/\s+/g, ' ').trim()}`;
    used += estimateTokens(line);
    if (used > MEMORY_TOKENS) break;
    lines.push(line);
  }
  return lines;
}

/**
 * What the analyst is told before every step: how to work, the SQL dialect, what it is looking at
 * (database, project, schema summary) and what it remembers about this database.
 */
export function buildInstructions(input: {
  subject: AgentSubject;
  dialect: SqlDialect;
  schema: SchemaSummary;
  memories: readonly { content: string }[];
}): string {
  const { database, project } = input.subject;
  const engine = engineDescriptors[database.engine].displayName;
  const remembered = memoryLines(input.memories);
  const sections = [
    `You are Querent's data analyst: a careful, precise analyst who answers questions about the ${engine} database "${database.name}" by exploring its schema and running SQL with your tools.`,
    [
      'How you work:',
      // The offline analyst reads the dialect back from this line by its title.
      `- Write SQL for ${sqlDialects[input.dialect].analystNotes} One statement per run_sql call.`,
      '- Look before you query: start from the schema below, check names and types with describe_table, look at real values with sample_rows, and find unlisted tables with search_schema.',
      '- Verify before you answer: check that joins do not duplicate rows and that filters catch what you mean (counts, distinct values, NULLs). When a figure looks surprising, check it with a second query.',
      '- Say so when the data looks wrong or incomplete (duplicates, missing values, impossible amounts or dates) instead of smoothing it over.',
      '- When a statement fails, read the error, fix the SQL and run it again.',
      database.safeMode
        ? '- This database is in safe mode: it is read-only, statements that change data are refused.'
        : '- Change data only when the user asks for it; such statements wait for the user to confirm them.',
      '- Save durable facts with save_memory (what a code means, a business rule the user states), never one-off answers.',
    ].join('\n'),
    [
      'How you answer:',
      "- Concise markdown, in the user's language. Lead with the answer, then how you got it when that helps.",
      '- Every figure comes from a query you ran; never invent or estimate data.',
      '- Show a result table or a chart by putting the `embed` its tool returned on a line of its own: {{query:<id>}} or {{chart:<id>}}. Do not retype long tables.',
      '- If the question is ambiguous, say which reading you answered.',
    ].join('\n'),
    [
      'What you are looking at:',
      `Database: ${database.name} (${engine}${database.safeMode ? ', safe mode: read-only' : ''})`,
      ...(project
        ? [
            `Project: ${project.name}${project.description ? ` — ${project.description.trim()}` : ''}`,
            `The project's tables, which the question is most likely about: ${project.tables.map((table) => (table.schema ? `${table.schema}.${table.table}` : table.table)).join(', ') || '(none listed)'}`,
          ]
        : []),
      `Schema (${input.schema.shown} table${input.schema.shown === 1 ? '' : 's'} listed${input.schema.omitted > 0 ? `, ${input.schema.omitted} more found with search_schema` : ''}):`,
      input.schema.text,
    ].join('\n'),
    remembered.length > 0
      ? ['What you remember about this database:', ...remembered].join('\n')
      : 'You remember nothing about this database yet.',
  ];
  return sections.join('\n\n');
}
