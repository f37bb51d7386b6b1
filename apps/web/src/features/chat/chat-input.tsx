import type { SchemaInfo } from '@querent/contracts';
import { ArrowUp, Square } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChatInput as ChatInputValue } from './chat-actions.ts';
import { useInputModeStore } from './input-mode-store.ts';
import { suggestionId, useTermCombobox } from './use-term-combobox.ts';
import type { TermSource } from './use-term-suggestions.ts';

// CodeMirror is heavy: the SQL mode is its own chunk, loaded when the user switches to it.
// The list is drawn only once something is typed: its chunk stays out of the page's first load.
const TermSuggestions = lazy(() =>
  import('./term-suggestions.tsx').then((module) => ({ default: module.TermSuggestions })),
);
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
  /** Whose semantic model suggests terms as one types; null (no context) suggests nothing. */
  termSource?: TermSource | null;
}

const modeClass = (active: boolean) =>
  `rounded px-2 py-0.5 text-xs font-medium ${
    active ? 'bg-white shadow-sm dark:bg-zinc-700' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400'
  }`;

/**
 * Text or SQL; Enter (text) or Ctrl/Cmd+Enter (both) sends; Stop while the analyst runs. In text,
 * the semantic model's terms matching the words before the caret are suggested under the box.
 */
export function ChatInput({
  onSend,
  onStop,
  running,
  stopping,
  notice,
  engine,
  schema,
  termSource = null,
}: ChatInputProps) {
  const mode = useInputModeStore((state) => state.mode);
  const setMode = useInputModeStore((state) => state.setMode);
  const [texts, setTexts] = useState({ text: '', sql: '' });
  const [sending, setSending] = useState(false);
  // Remounts the SQL editor after a send: CodeMirror defers outside changes while the user types.
  const [sentCount, setSentCount] = useState(0);
  const value = texts[mode];
  const setValue = (next: string) => setTexts((current) => ({ ...current, [mode]: next }));
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  // After a suggestion is put in, the caret goes after it once the new text is on the page.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    textarea.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });
  const listId = useId();
  const suggestions = useTermCombobox({
    source: mode === 'text' ? termSource : null,
    text: texts.text,
    caret,
    focused,
    onInsert: (next) => {
      setTexts((current) => ({ ...current, text: next.text }));
      setCaret(next.caret);
      pendingCaret.current = next.caret;
    },
  });
  const listOpen = mode === 'text' && suggestions.terms.length > 0;

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
    if (suggestions.handleKey(event)) return;
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey && !(event.ctrlKey || event.metaKey)) return; // Shift+Enter: a new line
    event.preventDefault();
    void submit();
  };

  return (
    <form
      aria-label="Ask"
      className="relative flex flex-col gap-2 rounded-xl border border-zinc-300 bg-white p-2 shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
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
        <>
          <textarea
            ref={textarea}
            aria-label="Question"
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={
              listOpen && suggestions.active >= 0 ? suggestionId(listId, suggestions.active) : undefined
            }
            value={value}
            rows={2}
            placeholder="Ask a question about your data…"
            onChange={(event) => {
              setValue(event.target.value);
              setCaret(event.target.selectionStart);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
            className="max-h-64 w-full resize-none bg-transparent px-1 py-1 text-sm outline-none"
          />
          {listOpen ? (
            // Over the messages, just above the box: the box sits at the foot of the screen, where
            // a list below it would be out of sight, and a list in its flow would move the box
            // up and down as words are typed.
            <div className="absolute inset-x-0 bottom-full z-20 mb-1">
              <Suspense fallback={null}>
                <TermSuggestions
                  id={listId}
                  terms={suggestions.terms}
                  active={suggestions.active}
                  onPick={suggestions.pick}
                />
              </Suspense>
            </div>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {listOpen
              ? `${suggestions.terms.length} suggested term${suggestions.terms.length === 1 ? '' : 's'}: arrows to choose, Tab to insert`
              : ''}
          </p>
        </>
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
