import { Pin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { type AnswerPin, answerPin } from './answer-pin.ts';
import { useChatView } from './chat-view-context.tsx';
import { messageActionClass } from './message-action-class.ts';

// The dialog (dashboards list, forms) loads on the first click, never with the chat.
const PinDialog = lazy(() =>
  import('../dashboards/pin-dialog.tsx').then((module) => ({ default: module.PinDialog })),
);

/** "Pin to dashboard" under an answer with a table or chart. */
function PinButton({
  pin,
  question,
  databaseId,
}: {
  pin: AnswerPin;
  question: string | null;
  databaseId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={messageActionClass}
        title="Keep this answer's table or chart on a dashboard: its SQL becomes a saved query"
        onClick={() => setOpen(true)}
      >
        <Pin size={12} aria-hidden="true" />
        Pin to dashboard
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PinDialog pin={pin} question={question} databaseId={databaseId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The pin under an answer that shows a table or a chart, nothing under others. Loaded with the
 * first answer (answer-extras.ts), so an empty /chat/new does not carry it.
 */
export function PinAction({ content, question }: { content: string; question: string | null }) {
  const { queries, charts, databaseId } = useChatView();
  const pin = databaseId ? answerPin(content, queries, charts) : null;
  return pin && databaseId ? <PinButton pin={pin} question={question} databaseId={databaseId} /> : null;
}
