import type { WriteConfirmationArguments } from '@querent/contracts';
import { ShieldAlert } from 'lucide-react';
import { useServices } from '../../app/services-context.tsx';
import { dangerButtonClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { answerWrite } from './chat-actions.ts';
import { useChatView } from './chat-view-context.tsx';
import { LazySql } from './lazy-rich-text.tsx';

const outcome: Record<Exclude<WriteConfirmationArguments['status'], 'pending'>, string> = {
  confirmed: 'Confirmed — the statement ran.',
  rejected: 'Rejected — the analyst was told not to run it.',
  cancelled: 'Cancelled — the conversation was stopped.',
};

/** The analyst wants to change data: nothing runs until the user confirms. */
export function WriteConfirmationCard({ write }: { write: WriteConfirmationArguments }) {
  const services = useServices();
  const { conversationId, engine, report } = useChatView();
  const answer = (confirmed: boolean) => {
    try {
      answerWrite(services, conversationId, write.queryId, confirmed);
    } catch (error) {
      report(error);
    }
  };
  return (
    <section
      data-testid="write-confirmation"
      aria-label="Write confirmation"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <header className="flex items-center gap-2 text-sm font-medium">
        <ShieldAlert size={16} aria-hidden="true" className="text-amber-600" />
        <span>
          The analyst wants to run a <strong data-testid="write-operation">{write.operation}</strong>{' '}
          statement
        </span>
      </header>
      {write.reason ? <p className="text-xs text-zinc-700 dark:text-zinc-300">{write.reason}</p> : null}
      <LazySql sql={write.query} engine={engine} />
      {write.status === 'pending' ? (
        <div className="flex gap-2">
          <button type="button" className={dangerButtonClass} onClick={() => answer(true)}>
            Confirm
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => answer(false)}>
            Reject
          </button>
        </div>
      ) : (
        <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">{outcome[write.status]}</p>
      )}
    </section>
  );
}
