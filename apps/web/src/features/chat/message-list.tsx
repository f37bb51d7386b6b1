import type { ChatBlock } from './message-groups.ts';
import { AnswerMessage } from './answer-message.tsx';
import { QueryResult } from './query-embed.tsx';
import { StepsDisclosure } from './steps-disclosure.tsx';
import { UserMessage } from './user-message.tsx';
import { WriteConfirmationCard } from './write-confirmation-card.tsx';

function blockKey(block: ChatBlock): string {
  if (block.kind === 'steps') return `steps-${block.steps[0]?.id ?? ''}`;
  return `${block.kind}-${block.message.id}`;
}

function Block({ block, last, working }: { block: ChatBlock; last: boolean; working: boolean }) {
  switch (block.kind) {
    case 'user':
      return <UserMessage message={block.message} sql={block.sql} />;
    case 'user-result':
      return (
        <div data-testid="sql-result" data-message-id={block.message.id}>
          {block.query ? (
            <QueryResult query={block.query} />
          ) : (
            <p className="text-sm whitespace-pre-wrap">{block.message.content}</p>
          )}
        </div>
      );
    case 'answer':
      return (
        <AnswerMessage
          message={block.message}
          steps={block.steps}
          questionId={block.questionId}
          question={block.question}
        />
      );
    case 'write':
      return <WriteConfirmationCard write={block.write} />;
    case 'steps':
      return <StepsDisclosure steps={block.steps} working={last && working} />;
  }
}

/** The conversation, in order: questions, answers with their folded steps, results and write cards. */
export function MessageList({ blocks, working }: { blocks: ChatBlock[]; working: boolean }) {
  return (
    <ol aria-label="Messages" className="flex flex-col gap-6">
      {blocks.map((block, index) => (
        <li key={blockKey(block)}>
          <Block block={block} last={index === blocks.length - 1} working={working} />
        </li>
      ))}
    </ol>
  );
}
