import type { Memory } from '@querent/contracts';
import { Bot, Check, Pencil, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';

export interface MemoryActions {
  approve: (memory: Memory) => void;
  edit: (memory: Memory, content: string) => Promise<void>;
  remove: (memory: Memory) => void;
}

/** One fact: who wrote it, its words (editable in place), and what a person may do with it. */
export function MemoryItem({
  memory,
  canChange,
  busy,
  actions,
}: {
  memory: Memory;
  canChange: boolean;
  busy: boolean;
  actions: MemoryActions;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const Source = memory.source === 'model' ? Bot : User;
  const label = `${memory.status === 'pending' ? 'Pending fact' : 'Fact'}: ${memory.content}`;

  return (
    <li
      aria-label={label}
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
    >
      <div className="flex items-start gap-2">
        <Source size={16} className="mt-0.5 shrink-0 text-zinc-500" aria-hidden="true" />
        {draft === null ? (
          <p className="flex-1 whitespace-pre-wrap">{memory.content}</p>
        ) : (
          <textarea
            aria-label="Fact"
            className={`${inputClass} flex-1`}
            rows={3}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        <span>
          {memory.source === 'model' ? 'Saved by the analyst' : 'Written by a person'} ·{' '}
          {new Date(memory.updatedAt).toLocaleDateString()}
        </span>
        {canChange ? (
          <span className="ml-auto flex gap-2">
            {draft === null ? (
              <>
                {memory.status === 'pending' ? (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={busy}
                    onClick={() => actions.approve(memory)}
                  >
                    <Check size={14} aria-hidden="true" /> Approve
                  </button>
                ) : null}
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={busy}
                  onClick={() => setDraft(memory.content)}
                >
                  <Pencil size={14} aria-hidden="true" /> Edit
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={busy}
                  onClick={() => actions.remove(memory)}
                >
                  <Trash2 size={14} aria-hidden="true" /> Delete
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={busy || draft.trim().length < 3}
                  onClick={() => void actions.edit(memory, draft).then(() => setDraft(null))}
                >
                  Save
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => setDraft(null)}>
                  Cancel
                </button>
              </>
            )}
          </span>
        ) : null}
      </div>
    </li>
  );
}
