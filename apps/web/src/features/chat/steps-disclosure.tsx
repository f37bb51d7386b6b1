import { ChevronRight, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChatMessage } from './chat-types.ts';
import { useChatView } from './chat-view-context.tsx';
import { LazySql } from './lazy-rich-text.tsx';
import { stepSql } from './message-groups.ts';
import { QueryResult } from './query-embed.tsx';

/** Tool results can be long (schemas, samples); the folded view shows their start. */
const STEP_TEXT_LIMIT = 2000;

const toolLabels: Record<string, string> = {
  search_schema: 'Searched the schema',
  describe_table: 'Described a table',
  sample_rows: 'Sampled rows',
  column_values: "Looked up a column's values",
  run_sql: 'Ran SQL',
  create_chart: 'Made a chart',
  save_memory: 'Saved to memory',
};

function stepTitle(step: ChatMessage): string {
  const name = step.functionCall?.name ?? '';
  const label = toolLabels[name] ?? (name || 'Note');
  return step.role === 'function' ? `${label} — result` : label;
}

/** Tool results are often JSON on one line: indented, they can be read. */
function readable(text: string): string {
  if (!text.startsWith('{') && !text.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function StepItem({ step }: { step: ChatMessage }) {
  const { engine } = useChatView();
  const sql = step.role === 'assistant' ? stepSql(step) : null;
  const text = readable((step.content ?? '').trim());
  return (
    <li
      data-testid="chat-step"
      className="flex flex-col gap-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700"
    >
      <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{stepTitle(step)}</span>
      {sql ? <LazySql sql={sql} engine={engine} /> : null}
      {step.query ? (
        <QueryResult query={step.query} />
      ) : text ? (
        <pre className="max-h-48 overflow-auto text-xs whitespace-pre-wrap [overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300">
          {text.length > STEP_TEXT_LIMIT ? `${text.slice(0, STEP_TEXT_LIMIT)}…` : text}
        </pre>
      ) : null}
    </li>
  );
}

/** The analyst's internal steps, folded; open while `working` so progress is visible. */
export function StepsDisclosure({ steps, working = false }: { steps: ChatMessage[]; working?: boolean }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (steps.length === 0) return null;
  const calls = steps.filter((step) => step.role !== 'function').length || steps.length;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex w-fit items-center gap-1 text-xs text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ChevronRight size={14} aria-hidden="true" className={open ? 'rotate-90' : ''} />
        {working ? <LoaderCircle size={12} aria-hidden="true" className="animate-spin" /> : null}
        {`${calls} ${calls === 1 ? 'step' : 'steps'}`}
      </button>
      {open ? (
        <ol id={listId} className="flex flex-col gap-3">
          {steps.map((step) => (
            <StepItem key={step.id} step={step} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}
