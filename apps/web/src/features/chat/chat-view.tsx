import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services-context.tsx';
import { buttonClass } from '../../components/page.tsx';
import { KeyColumnsProvider } from '../../components/results-grid/key-columns.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useContextStore } from '../../stores/context-store.ts';
import { ShareToggle } from '../sharing/share-toggle.tsx';
import { DisconnectedBanner, SubscriptionBanner } from './chat-banners.tsx';
import {
  type ChatInput as ChatInputValue,
  loadConversation,
  regenerateFromMessage,
  sendToConversation,
  startConversationWith,
  stopConversation,
} from './chat-actions.ts';
import { ChatInput } from './chat-input.tsx';
import { useChatStore } from './chat-store.ts';
import { type ChatStatus, isBusy } from './chat-types.ts';
import { ChatViewProvider, type ChatViewContextValue } from './chat-view-context.tsx';
import { buildChatView } from './message-groups.ts';
import { MessageList } from './message-list.tsx';
import { StarterQuestionsPanel } from './starter-questions-panel.tsx';
import { useChatContext } from './use-chat-context.ts';

const statusText: Partial<Record<ChatStatus, string>> = {
  pending: 'Sending…',
  running: 'The analyst is working…',
  to_stop: 'Stopping…',
};

function StatusLine({ status }: { status: ChatStatus }) {
  const text = statusText[status];
  return (
    <p
      data-testid="chat-status"
      data-status={status}
      aria-live="polite"
      className="flex min-h-5 items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400"
    >
      {text ? <LoaderCircle size={12} aria-hidden="true" className="animate-spin" /> : null}
      {text ?? ''}
    </p>
  );
}

/** One conversation (or a new one when `conversationId` is null): messages, state and input. */
export function ChatView({ conversationId }: { conversationId: string | null }) {
  const services = useServices();
  const navigate = useNavigate();
  const selectedContextId = useContextStore((state) => state.contextSelectedId);
  const entry = useChatStore((state) => (conversationId ? state.conversations[conversationId] : undefined));
  const subscriptionRequired = useChatStore((state) => state.subscriptionRequired);
  const context = useChatContext(entry?.contextId ?? selectedContextId);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The status a stop was requested in: the button stays disabled until the status changes.
  const [stopRequestedIn, setStopRequestedIn] = useState<ChatStatus | null>(null);
  const end = useRef<HTMLDivElement>(null);

  const status: ChatStatus = entry?.status ?? 'clear';
  const needsLoad = conversationId !== null && !entry?.loaded && !entry?.loading;
  useEffect(() => {
    if (needsLoad) void loadConversation(services, conversationId);
  }, [needsLoad, conversationId, services]);

  const messages = entry?.messages;
  const view = useMemo(() => buildChatView(messages ?? []), [messages]);
  const lastMessage = messages?.at(-1);
  useEffect(() => {
    // jsdom (unit tests) has no scrollIntoView.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastMessage?.id, lastMessage?.content]);

  const report = (error: unknown) => setRefusal(errorMessage(error));
  const send = async (input: ChatInputValue): Promise<boolean> => {
    setRefusal(null);
    try {
      if (conversationId === null) {
        const id = await startConversationWith(services, selectedContextId, input);
        void navigate(`/chat/${encodeURIComponent(id)}`);
      } else {
        sendToConversation(services, conversationId, input);
      }
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  };

  const contextValue: ChatViewContextValue = {
    conversationId: conversationId ?? '',
    engine: context.engine,
    databaseId: context.databaseId,
    queries: view.queries,
    charts: view.charts,
    busy: isBusy(status),
    report,
  };
  const empty = view.blocks.length === 0;
  const loading = conversationId !== null && !entry?.loaded;

  return (
    <ChatViewProvider value={contextValue}>
      <KeyColumnsProvider schema={context.schema}>
        <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col gap-4 px-4 pt-4">
          <header className="flex items-center justify-between gap-2">
            <h1 className="truncate text-lg font-semibold tracking-tight">
              {entry?.name ?? (conversationId === null ? 'New chat' : 'Chat')}
            </h1>
            {entry?.abilities ? (
              <ShareToggle
                kind="conversation"
                id={entry.id}
                shared={entry.shared}
                canShare={entry.abilities.share}
                refresh={[]}
                onChanged={(shared) => useChatStore.getState().setShared(entry.id, shared)}
              />
            ) : null}
          </header>
          <DisconnectedBanner />
          {subscriptionRequired ? <SubscriptionBanner /> : null}
          <div className="flex flex-1 flex-col gap-4">
            {loading ? (
              <div role="status" className="flex items-center gap-2 text-sm text-zinc-500">
                <LoaderCircle size={14} aria-hidden="true" className="animate-spin" />
                Loading the conversation…
              </div>
            ) : empty && status !== 'pending' && status !== 'error' ? (
              <StarterQuestionsPanel
                schema={context.schema}
                engine={context.engine}
                label={context.label}
                onPick={(question) => void send({ mode: 'text', text: question })}
              />
            ) : (
              <MessageList blocks={view.blocks} working={isBusy(status)} />
            )}
            {status === 'error' ? (
              <div
                role="alert"
                data-testid="chat-error"
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300"
              >
                <span>{entry?.error ?? 'The analyst stopped with an error.'}</span>
                {view.lastQuestionId ? (
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() => {
                      try {
                        if (view.lastQuestionId) regenerateFromMessage(services, view.lastQuestionId);
                      } catch (error) {
                        report(error);
                      }
                    }}
                  >
                    <RotateCcw size={14} aria-hidden="true" />
                    Regenerate
                  </button>
                ) : conversationId !== null ? (
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() => void loadConversation(services, conversationId)}
                  >
                    Reload
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          <div className="sticky bottom-0 flex flex-col gap-1 bg-white pb-4 dark:bg-zinc-950">
            <StatusLine status={status} />
            <ChatInput
              onSend={send}
              onStop={() => {
                if (conversationId === null) return;
                try {
                  stopConversation(services, conversationId);
                  setStopRequestedIn(status);
                } catch (error) {
                  report(error);
                }
              }}
              running={status === 'running' || status === 'to_stop'}
              stopping={status === 'to_stop' || stopRequestedIn === status}
              notice={refusal ?? entry?.notice ?? null}
              engine={context.engine}
              schema={context.schema}
              termSource={context.termSource}
            />
          </div>
          {/* Below the input, so scrolling to it shows the last message above the input, not under it. */}
          <div ref={end} />
        </div>
      </KeyColumnsProvider>
    </ChatViewProvider>
  );
}
