import { splitMessageReferences } from '@querent/contracts';
import { RotateCcw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { ChartEmbed } from './chart-embed.tsx';
import { regenerateFromMessage } from './chat-actions.ts';
import type { ChatMessage } from './chat-types.ts';
import { useChatView } from './chat-view-context.tsx';
import { CopyButton } from './copy-button.tsx';
import { messageActionClass } from './message-action-class.ts';
import { LazyMarkdown } from './lazy-rich-text.tsx';
import { answerQuery } from './answer-query.ts';
import { QueryEmbed } from './query-embed.tsx';
import { SaveVerifiedButton } from './save-verified-button.tsx';
import { StepsDisclosure } from './steps-disclosure.tsx';

// Drawn under answers only, never on a new chat's first paint: their chunk loads with the first answer.
const loadExtras = () => import('./answer-extras.ts');
const StandsOnNote = lazy(() => loadExtras().then((module) => ({ default: module.StandsOnNote })));
const PinAction = lazy(() => loadExtras().then((module) => ({ default: module.PinAction })));

/** The answer's text without its embed markers, for the clipboard. */
function plainText(content: string): string {
  return splitMessageReferences(content)
    .flatMap((segment) => (segment.type === 'markdown' ? [segment.text] : []))
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Markdown with the results and charts it cites drawn where it cites them. */
function AnswerBody({ content, streaming }: { content: string; streaming: boolean }) {
  const { engine, queries, charts } = useChatView();
  return (
    <div className="flex flex-col gap-3">
      {splitMessageReferences(content).map((segment, index) => {
        // Segments are positional and an answer only grows while it streams.
        const key = `${segment.type}-${index}`;
        if (segment.type === 'query')
          return <QueryEmbed key={key} id={segment.id} query={queries.get(segment.id)} />;
        if (segment.type === 'chart') {
          return <ChartEmbed key={key} id={segment.id} chart={charts.get(segment.id)} queries={queries} />;
        }
        return segment.text.trim() === '' ? null : (
          <LazyMarkdown key={key} text={segment.text} engine={engine} />
        );
      })}
      {streaming ? (
        <span aria-hidden="true" className="inline-block h-4 w-2 animate-pulse bg-zinc-400" />
      ) : null}
    </div>
  );
}

export function AnswerMessage({
  message,
  steps,
  questionId,
  question,
}: {
  message: ChatMessage;
  steps: ChatMessage[];
  questionId: string | null;
  question: string | null;
}) {
  const services = useServices();
  const { busy, report, queries, databaseId } = useChatView();
  const content = message.content ?? '';
  const verifiable = question && databaseId ? answerQuery(message, steps, queries) : null;
  return (
    <article
      data-testid="assistant-message"
      data-message-id={message.id}
      aria-busy={message.streaming === true}
      className="group flex flex-col gap-2"
    >
      <AnswerBody content={content} streaming={message.streaming === true} />
      {message.streaming ? null : (
        <Suspense fallback={null}>
          <StandsOnNote steps={steps} databaseId={databaseId} />
        </Suspense>
      )}
      <StepsDisclosure steps={steps} />
      {message.streaming ? null : (
        <div className="flex gap-1 opacity-70 group-hover:opacity-100">
          <CopyButton text={plainText(content)} />
          {questionId ? (
            <button
              type="button"
              className={messageActionClass}
              disabled={busy}
              onClick={() => {
                try {
                  regenerateFromMessage(services, questionId);
                } catch (error) {
                  report(error);
                }
              }}
            >
              <RotateCcw size={12} aria-hidden="true" />
              Regenerate
            </button>
          ) : null}
          {verifiable && question && databaseId ? (
            <SaveVerifiedButton query={verifiable} question={question} databaseId={databaseId} />
          ) : null}
          <Suspense fallback={null}>
            <PinAction content={content} question={question} />
          </Suspense>
        </div>
      )}
    </article>
  );
}
