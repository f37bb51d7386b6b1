import type { SchemaInfo } from '@querent/contracts';
import { ArrowUp, Square } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import type { ChatInput as ChatInputValue } from './chat-actions.ts';
import { useInputModeStore } from './input-mode-store.ts';

// CodeMirror is heavy: the SQL mode is its own chunk, loaded when the user switches to it.
const ChatSqlInput = lazy(() =>
  import('./chat-sql-input.tsx').then((module) => ({ default: module.ChatSqlInput })),
);

export interface ChatInputProps {
  /** Resolves true once sent; a refusal is reported by the caller and the text stays. */
  onSend: (input: ChatInputValue) => Promise<boolean>;
  onStop: () => void;
  running: boolean;
  stopping: boolean;
  /** Why the last action was refused, or what the server answered instead. */
  notice: string | null;
  engine: string | null;
  schema: SchemaInfo | null;
}

const modeClass = (active: boolean) =>
  `rounded px-2 py-0.5 text-xs font-medium ${
    active ? 'bg-white shadow-sm dark:bg-zinc-700' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400'
  }`;

/** Text or SQL; Enter (text) or Ctrl/Cmd+Enter (both) sends; Stop while the analyst runs. */
export function ChatInput({ onSend, onStop, running, stopping, notice, engine, schema }: ChatInputProps) {
  const mode = useInputModeStore((state) => state.mode);
  const setMode = useInputModeStore((state) => state.setMode);
  const [texts, setTexts] = useState({ text: '', sql: '' });
  const [sending, setSending] = useState(false);
  // Remounts the SQL editor after a send: CodeMirror defers outside changes while the user types.
  const [sentCount, setSentCount] = useState(0);
  const value = texts[mode];
  const setValue = (next: string) => setTexts((current) => ({ ...current, [mode]: next }));

  const submit = async () => {
    const text = value.trim();
    if (text === '' || sending) return;
    setSending(true);
    try {
      if (await onSend({ mode, text })) {
        setTexts((current) => ({ ...current, [mode]: '' }));
        setSentCount((count) => count + 1);
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey && !(event.ctrlKey || event.metaKey)) return; // Shift+Enter: a new line
    event.preventDefault();
    void submit();
  };

  return (
    <form
      aria-label="Ask"
      className="flex flex-col gap-2 rounded-xl border border-zinc-300 bg-white p-2 shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {notice ? (
        <p role="alert" data-testid="chat-notice" className="px-1 text-sm text-red-700 dark:text-red-400">
          {notice}
        </p>
      ) : null}
      {mode === 'text' ? (
        <textarea
          aria-label="Question"
          value={value}
          rows={2}
          placeholder="Ask a question about your data…"
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-64 w-full resize-none bg-transparent px-1 py-1 text-sm outline-none"
        />
      ) : (
        <Suspense
          fallback={
            <div role="status" className="h-18 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" />
          }
        >
          <ChatSqlInput
            key={sentCount}
            value={value}
            onChange={setValue}
            onSubmit={() => void submit()}
            engine={engine}
            schema={schema}
          />
        </Suspense>
      )}
      <div className="flex items-center justify-between gap-2">
        <fieldset className="flex gap-0.5 rounded-md bg-zinc-100 p-0.5 dark:bg-zinc-800">
          <legend className="sr-only">Input mode</legend>
          <button
            type="button"
            aria-pressed={mode === 'text'}
            className={modeClass(mode === 'text')}
            onClick={() => setMode('text')}
          >
            Text
          </button>
          <button
            type="button"
            aria-pressed={mode === 'sql'}
            className={modeClass(mode === 'sql')}
            onClick={() => setMode('sql')}
          >
            SQL
          </button>
        </fieldset>
        {running ? (
          <button
            type="button"
            onClick={onStop}
            disabled={stopping}
            className="inline-flex items-center gap-1 rounded-md bg-zinc-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 disabled:opacity-50 dark:bg-zinc-200 dark:text-zinc-900"
          >
            <Square size={12} aria-hidden="true" fill="currentColor" />
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button
            type="submit"
            disabled={value.trim() === '' || sending}
            className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <ArrowUp size={14} aria-hidden="true" />
            {mode === 'sql' ? 'Run' : 'Send'}
          </button>
        )}
      </div>
    </form>
  );
}
