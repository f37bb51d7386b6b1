import type { Memory } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { inputClass, secondaryButtonClass } from '../components/form-field.tsx';
import { EmptyState, linkClass, Page } from '../components/page.tsx';
import { MemoryItem } from '../features/memories/memory-item.tsx';
import { useMemoryActions } from '../features/memories/use-memory-actions.ts';
import { errorMessage } from '../lib/api-error.ts';

function MemoryList({
  title,
  description,
  memories,
  canChange,
  databaseId,
}: {
  title: string;
  description: string;
  memories: Memory[];
  canChange: boolean;
  databaseId: string;
}) {
  const { actions, busy } = useMemoryActions(databaseId);
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        {title} ({memories.length})
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      <ul className="flex flex-col gap-2">
        {memories.map((memory) => (
          <MemoryItem key={memory.id} memory={memory} canChange={canChange} busy={busy} actions={actions} />
        ))}
      </ul>
    </section>
  );
}

function AddFact({ databaseId }: { databaseId: string }) {
  const { add, busy } = useMemoryActions(databaseId);
  const [content, setContent] = useState('');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void add(content).then(() => setContent(''));
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        New fact
        <textarea
          className={inputClass}
          rows={2}
          maxLength={2000}
          placeholder="e.g. Invoice.Total includes sales tax"
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className={`${secondaryButtonClass} self-start`}
        disabled={busy || content.trim().length < 3}
      >
        <Plus size={14} aria-hidden="true" /> Add fact
      </button>
    </form>
  );
}

/**
 * /databases/:id/memory: what the analyst remembers about a database. Facts it saved wait here
 * for a person's approval before it uses them; people add, edit and delete facts too.
 */
export function DatabaseMemoryPage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const memories = useQuery({
    queryKey: queryKeys.databaseMemories(id),
    queryFn: () => api.memories.list(id),
  });
  const back = (
    <Link to={`/databases/${id}`} className={linkClass}>
      <ArrowLeft size={14} aria-hidden="true" /> Database
    </Link>
  );
  if (!memories.data) {
    return (
      <Page title="Memory" actions={back}>
        {memories.isError ? (
          <p role="alert">{errorMessage(memories.error)}</p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </Page>
    );
  }
  const { canChange } = memories.data;
  const pending = memories.data.memories.filter((memory) => memory.status === 'pending');
  const approved = memories.data.memories.filter((memory) => memory.status === 'approved');
  return (
    <Page title="Memory" actions={back}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Facts the analyst is told in every conversation about this database, the ones that bear on the
        question first.
      </p>
      {pending.length > 0 ? (
        <MemoryList
          title="Waiting for approval"
          description="Saved by the analyst; not used until someone approves them."
          memories={pending}
          canChange={canChange}
          databaseId={id}
        />
      ) : null}
      {approved.length > 0 ? (
        <MemoryList
          title="In use"
          description="Approved facts the analyst uses."
          memories={approved}
          canChange={canChange}
          databaseId={id}
        />
      ) : (
        <EmptyState>The analyst remembers nothing about this database yet.</EmptyState>
      )}
      {canChange ? <AddFact databaseId={id} /> : null}
    </Page>
  );
}
