import type { DbtMetric } from '@querent/contracts';
import { engineDescriptors, sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../connectors/index.ts';
import type { AgentSubject, AgentVerifiedQuery } from './agent-port.ts';
import type { TurnClock } from './current-time.ts';
import { describeCurrentTime } from './current-time.ts';
import type { SchemaSummary } from './schema/schema-summary.ts';
import { estimateTokens } from './token-estimate.ts';
import { verifiedExamplesText } from './verified-examples.ts';

function memoryLines(memories: readonly { content: string }[], budgetTokens: number): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const memory of memories) {
    const line = `- ${memory.content.replace(/\s+/g, ' ').trim()}`;
    used += estimateTokens(line);
    if (used > budgetTokens) break;
    lines.push(line);
  }
  return lines;
}

function metricLines(metrics: readonly DbtMetric[], budgetTokens: number): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const metric of metrics) {
    const about = [metric.label, metric.description].filter(Boolean).join(': ').replace(/\s+/g, ' ').trim();
    const line = `- ${metric.name}${about ? ` (${about})` : ''} = ${metric.definition}`;
    used += estimateTokens(line);
    if (used > budgetTokens) {
      lines.push(`- (${metrics.length - lines.length} more metrics not listed)`);
      break;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * What the analyst is told before every step: the current date where the user is, how to work, the SQL dialect, what it is looking at
 * (database, project, schema summary), what it remembers about this database and the verified
 * queries closest to the question.
 */
export function buildInstructions(input: {
  subject: AgentSubject;
  dialect: SqlDialect;
  schema: SchemaSummary;
  memories: readonly { content: string }[];
  /** What the memory may take of the context window. */
  memoryTokens: number;
  /** The dbt project's metrics, and what they may take of the context window. */
  metrics?: readonly DbtMetric[];
  metricsTokens?: number;
  clock: TurnClock;
  /** Verified queries closest to the question, best first. */
  examples: readonly AgentVerifiedQuery[];
}): string {
  const { database, project } = input.subject;
  const engine = engineDescriptors[database.engine].displayName;
  const remembered = memoryLines(input.memories, input.memoryTokens);
  const metrics = metricLines(input.metrics ?? [], input.metricsTokens ?? 0);
  const sections = [
    `You are Querent's data analyst: a careful, precise analyst who answers questions about the ${engine} database "${database.name}" by exploring its schema and running SQL with your tools.`,
    describeCurrentTime(input.clock),
    [
      'How you work:',
      // The offline analyst reads the dialect back from this line by its title.
      `- Write SQL for ${sqlDialects[input.dialect].analystNotes} One statement per run_sql call.`,
      '- Prefer the semantic model: call list_metrics, and answer with query_metrics whenever a metric or measure fits the question (its numbers are defined once, the same everywhere); say which metric the answer stands on, and whether it is certified. Use run_sql for what no metric fits.',
      '- Look before you query: start from the schema below, check names and types with describe_table, look at real values with sample_rows, and find unlisted tables with search_schema.',
      '- Spell values as stored: before filtering on a value the user typed (a country, a status, a name), look it up with column_values and its search, and write it exactly as the database has it.',
      '- Verify before you answer: check that joins do not duplicate rows and that filters catch what you mean (counts, distinct values, NULLs). When a figure looks surprising, check it with a second query.',
      '- Say so when the data looks wrong or incomplete (duplicates, missing values, impossible amounts or dates) instead of smoothing it over.',
      '- When a statement fails, read the error and its hint (the closest names), fix the SQL and run it again. When a result is empty, rule out the causes its hint lists before saying nothing matches.',
      database.safeMode
        ? '- This database is in safe mode: it is read-only, statements that change data are refused.'
        : '- Change data only when the user asks for it; such statements wait for the user to confirm them.',
      '- Propose durable facts with save_memory (what a code means, a business rule the user states), never one-off answers; a person approves them before they are used.',
    ].join('\n'),
    [
      'Data quality (business entities, checks, issues):',
      '- To scan the database, call scan_database first: deterministic rules make the entities and their checks, run them and score everything. Then improve what a person would: write definitions with propose_entity, add checks with propose_checks (each is tried before it is saved) and run them with run_checks.',
      '- To verify one entity, call analyze_entity, or profile_table, propose_checks and run_checks for checks of your own.',
      '- Scores are computed from the stored runs of checks. Read them with explain_score; never state a score you did not read from a tool, and never write one.',
      '- Record a problem no check covers with open_issue; change an issue when the user asks with triage_issue. When the user says a finding is expected, call mute_check with their reason.',
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
    ...(metrics.length > 0
      ? [
          [
            'Metrics defined in the dbt project (compute a metric the user names this way, and say you did):',
            ...metrics,
          ].join('\n'),
        ]
      : []),
    remembered.length > 0
      ? [
          'What you remember about this database (approved by its users, most relevant first):',
          ...remembered,
        ].join('\n')
      : 'You remember nothing about this database yet.',
    verifiedExamplesText(input.examples),
  ];
  return sections.filter((section): section is string => section !== null).join('\n\n');
}
