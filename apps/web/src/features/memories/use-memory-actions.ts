import type { Memory } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import type { MemoryActions } from './memory-item.tsx';

/** Adding, approving, editing and deleting a database's facts; the list reloads after each. */
export function useMemoryActions(databaseId: string): {
  actions: MemoryActions;
  add: (content: string) => Promise<unknown>;
  busy: boolean;
} {
  const { api, queryClient } = useServices();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.databaseMemories(databaseId) });
  const failed = (title: string) => (error: unknown) =>
    notify({ group: 'memory', type: 'error', title, text: errorMessage(error) });
  const add = useMutation({
    mutationFn: (content: string) => api.memories.add(databaseId, content),
    onSuccess: refresh,
    onError: failed('Could not add the fact'),
  });
  const update = useMutation({
    mutationFn: (input: { id: string; content?: string; status?: 'approved' }) =>
      api.memories.update(input.id, {
        ...(input.content === undefined ? {} : { content: input.content }),
        ...(input.status === undefined ? {} : { status: input.status }),
      }),
    onSuccess: refresh,
    onError: failed('Could not change the fact'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.memories.remove(id),
    onSuccess: refresh,
    onError: failed('Could not delete the fact'),
  });
  return {
    busy: add.isPending || update.isPending || remove.isPending,
    add: (content) => add.mutateAsync(content),
    actions: {
      approve: (memory: Memory) => update.mutate({ id: memory.id, status: 'approved' }),
      edit: async (memory: Memory, content: string) => {
        await update.mutateAsync({ id: memory.id, content });
      },
      remove: (memory: Memory) => remove.mutate(memory.id),
    },
  };
}
