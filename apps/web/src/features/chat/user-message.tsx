import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/page.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { useServices } from '../../app/services-context.tsx';
import { regenerateFromMessage } from './chat-actions.ts';
import type { ChatMessage } from './chat-types.ts';
import { useChatView } from './chat-view-context.tsx';
import { CopyButton } from './copy-button.tsx';
import { messageActionClass } from './message-action-class.ts';
import { LazySql } from './lazy-rich-text.tsx';
import { TurnUsageNote } from './turn-usage.tsx';

/** A question (or the user's SQL), with edit-and-resend and copy. */
export function UserMessage({ message, sql }: { message: ChatMessage; sql: string | null }) {
  const services = useServices();
  const { engine, busy, report } = useChatView();
  const text = sql ?? message.content ?? '';
  const [draft, setDraft] = useState<string | null>(null);

  const resend = () => {
    if (draft === null || draft.trim() === '') return;
    try {
      regenerateFromMessage(services, message.id, draft.trim());
      setDraft(null);
    } catch (error) {
      report(error);
    }
  };

  return (
    <div
      data-testid="user-message"
      data-message-id={message.id}
      className="group flex flex-col items-end gap-1"
    >
      {draft === null ? (
        <div className="max-w-[85%] rounded-2xl bg-indigo-50 px-4 py-2 text-sm whitespace-pre-wrap dark:bg-indigo-950/60">
          {sql !== null ? <LazySql sql={sql} engine={engine} /> : text}
        </div>
      ) : (
        <form
          className="flex w-full max-w-[85%] flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            resend();
          }}
        >
          <textarea
            aria-label="Edit message"
            value={draft}
            rows={3}
            onChange={(event) => setDraft(event.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button type="submit" className={buttonClass} disabled={draft.trim() === ''}>
              Save and resend
            </button>
          </div>
        </form>
      )}
      {draft === null ? (
        <div className="flex gap-1 opacity-70 group-hover:opacity-100">
          <button type="button" className={messageActionClass} disabled={busy} onClick={() => setDraft(text)}>
            <Pencil size={12} aria-hidden="true" />
            Edit
          </button>
          <CopyButton text={text} />
        </div>
      ) : null}
      {message.usage ? <TurnUsageNote usage={message.usage} /> : null}
    </div>
  );
}
