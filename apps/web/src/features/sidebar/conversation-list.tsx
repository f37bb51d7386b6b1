import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useServices } from '../../app/services-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { deleteConversation, renameConversation } from '../chat/chat-actions.ts';
import { useChatStore } from '../chat/chat-store.ts';
import type { ConversationEntry } from '../chat/chat-types.ts';
import { useChatSync } from '../chat/use-chat-sync.ts';
import { ConversationItem, UNTITLED_CONVERSATION } from './conversation-item.tsx';

/** The selected context's conversations, most recent first, under the sidebar's navigation. */
export function ConversationList({ onNavigate }: { onNavigate: () => void }) {
  useChatSync();
  const services = useServices();
  const navigate = useNavigate();
  const openId = useMatch('/chat/:id')?.params.id;
  const listIds = useChatStore((state) => state.listIds);
  const conversations = useChatStore((state) => state.conversations);
  const listStatus = useChatStore((state) => state.listStatus);
  const listError = useChatStore((state) => state.listError);
  const [toDelete, setToDelete] = useState<ConversationEntry | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const entries = listIds.flatMap((id) => {
    const entry = conversations[id];
    return entry ? [entry] : [];
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteConversation(services, toDelete.id);
      if (openId === toDelete.id) void navigate('/chat/new');
      setToDelete(null);
      setDeleteError(null);
    } catch (error) {
      setDeleteError(errorMessage(error, 'Could not delete the conversation'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-label="Conversations" className="mt-4 flex flex-col gap-1">
      <h2 className="px-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">Conversations</h2>
      {listStatus === 'error' ? (
        // No alert role: a list that failed to load is no interruption, and screens keep theirs.
        <p className="px-2 text-xs text-red-700 dark:text-red-400">{listError}</p>
      ) : listStatus === 'ready' && entries.length === 0 ? (
        <p className="px-2 text-xs text-zinc-500">No conversations yet.</p>
      ) : null}
      <ul className="flex flex-col gap-0.5" data-testid="conversation-list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <ConversationItem
              conversation={entry}
              onNavigate={onNavigate}
              onRename={(name) => renameConversation(services, entry.id, name)}
              onDelete={() => setToDelete(entry)}
            />
          </li>
        ))}
      </ul>
      {toDelete ? (
        <ConfirmDialog
          title="Delete this conversation?"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          pending={deleting}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setToDelete(null);
            setDeleteError(null);
          }}
        >
          {`“${toDelete.name ?? UNTITLED_CONVERSATION}” and its messages will be deleted. This cannot be undone.`}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
