import type { ShareableKind } from '@querent/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

/**
 * Shares an object with the owner's organisation, or makes it private again. Shown only when the
 * server says the user may share it (`abilities.share`), so nobody is offered what would be refused.
 */
export function ShareToggle({
  kind,
  id,
  shared,
  canShare,
  refresh,
  onChanged,
}: {
  kind: ShareableKind;
  id: string;
  shared: boolean;
  canShare: boolean;
  /** The cached queries that show this object's sharing, refreshed once it changed. */
  refresh: readonly (readonly unknown[])[];
  /** For objects held outside the query cache (the chat's conversations, a builder's chart). */
  onChanged?: (shared: boolean) => void;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (next: boolean) => api.sharing.set(kind, id, next),
    onSuccess: (_answer, next) => {
      onChanged?.(next);
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) =>
      notify({
        group: 'sharing',
        type: 'error',
        title: 'Could not change the sharing',
        text: errorMessage(error),
      }),
  });
  if (!canShare) return null;
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      aria-pressed={shared}
      disabled={change.isPending}
      onClick={() => change.mutate(!shared)}
      title={shared ? 'Colleagues in your organisation can see it; click to make it private' : undefined}
    >
      <Users size={14} aria-hidden="true" className={shared ? 'text-sky-600' : undefined} />
      {shared ? 'Shared with my organisation' : 'Share with my organisation'}
    </button>
  );
}
