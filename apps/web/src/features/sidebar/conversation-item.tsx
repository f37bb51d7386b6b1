import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { type ConversationEntry, isBusy } from '../chat/chat-types.ts';

export const UNTITLED_CONVERSATION = 'Untitled conversation';

const iconButtonClass =
  'rounded p-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100';

/** One conversation in the sidebar: a link, a running spinner, and rename / delete on hover. */
export function ConversationItem({
  conversation,
  onNavigate,
  onRename,
  onDelete,
}: {
  conversation: ConversationEntry;
  onNavigate: () => void;
  /** Resolves once saved; a failure keeps the field open with its message. */
  onRename: (name: string) => Promise<void>;
  onDelete: () => void;
}) {
  const name = conversation.name ?? UNTITLED_CONVERSATION;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const next = draft?.trim() ?? '';
    if (next === '' || next === conversation.name) {
      setDraft(null);
      return;
    }
    try {
      await onRename(next);
      setDraft(null);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not rename');
    }
  };

  if (draft !== null) {
    return (
      <form
        className="flex flex-col gap-1 px-1"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <input
          aria-label="Conversation name"
          // biome-ignore lint/a11y/noAutofocus: the field opens because the user asked to rename
          autoFocus
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
          className="w-full rounded border border-zinc-300 bg-white px-1.5 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        {error ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <div className="group flex items-center gap-1 rounded-md pr-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
      <NavLink
        to={`/chat/${encodeURIComponent(conversation.id)}`}
        onClick={onNavigate}
        title={name}
        className={({ isActive }) =>
          `flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
            isActive ? 'bg-zinc-200 font-medium dark:bg-zinc-800' : 'text-zinc-700 dark:text-zinc-300'
          }`
        }
      >
        <span className="truncate">{name}</span>
        {isBusy(conversation.status) ? (
          <LoaderCircle
            size={12}
            role="status"
            aria-label="Running"
            data-testid="conversation-running"
            className="shrink-0 animate-spin text-indigo-500"
          />
        ) : null}
      </NavLink>
      <div className="hidden shrink-0 gap-0.5 group-focus-within:flex group-hover:flex">
        <button
          type="button"
          aria-label={`Rename ${name}`}
          className={iconButtonClass}
          onClick={() => setDraft(name)}
        >
          <Pencil size={12} aria-hidden="true" />
        </button>
        <button type="button" aria-label={`Delete ${name}`} className={iconButtonClass} onClick={onDelete}>
          <Trash2 size={12} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
