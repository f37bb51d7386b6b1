import type { SchemaInfo } from '@querent/contracts';
import { Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { starterQuestions } from './starter-questions.ts';

/** An empty conversation offers three questions its schema can answer; a click asks one. */
export function StarterQuestionsPanel({
  schema,
  engine,
  label,
  onPick,
}: {
  schema: SchemaInfo | null;
  engine: string | null;
  label: string | null;
  onPick: (question: string) => void;
}) {
  const questions = useMemo(() => starterQuestions(schema, engine), [schema, engine]);
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <Sparkles size={28} aria-hidden="true" className="text-indigo-500" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {label
          ? `Ask a question about ${label}, in plain text or SQL.`
          : 'Ask a question about your data, in plain text or SQL.'}
      </p>
      {questions.length > 0 ? (
        <ul aria-label="Starter questions" className="flex w-full max-w-xl flex-col gap-2">
          {questions.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onPick(question)}
                className="w-full rounded-lg border border-zinc-200 px-4 py-2 text-left text-sm hover:border-indigo-300 hover:bg-indigo-50 dark:border-zinc-700 dark:hover:bg-indigo-950/40"
              >
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
