import type { AcceptSemanticProposal, SemanticModel, SemanticModelState } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

/** The items picked from a proposal, by name, per part. */
export type ProposalPicks = Required<NonNullable<AcceptSemanticProposal['items']>>;

export interface SemanticModelActions {
  /**
   * Saves the whole model as the next version (the JSON editor, restoring an old version), from
   * `from`: the version the person started from, the page's current one by default.
   */
  save: (model: SemanticModel, from?: number) => Promise<SemanticModelState>;
  propose: () => void;
  /** `replace`: the proposal's items replace the model's of the same names (an import). */
  accept: (replace?: boolean) => void;
  /** Accepts only the picked items; a refusal (a pick missing what it needs) is the caller's to show. */
  acceptItems: (items: ProposalPicks, replace: boolean) => Promise<SemanticModelState>;
  reject: () => void;
  certify: (metric: string) => void;
  withdraw: (metric: string) => void;
  busy: boolean;
}

/**
 * Every change of a database's semantic model, each sent with the version the page shows (the
 * server refuses a stale one); the model and its history are read again after each.
 */
export function useSemanticModelActions(databaseId: string, version: number): SemanticModelActions {
  const { api, queryClient } = useServices();
  const settle = (state: SemanticModelState) => {
    queryClient.setQueryData(queryKeys.semanticModel(databaseId), state);
    void queryClient.invalidateQueries({ queryKey: queryKeys.semanticModelHistory(databaseId) });
  };
  const failed = (title: string) => (error: unknown) =>
    notify({ group: 'semantic-model', type: 'error', title, text: errorMessage(error) });
  const save = useMutation({
    mutationFn: ({ model, from }: { model: SemanticModel; from: number }) =>
      api.semanticModels.save(databaseId, { model, version: from }),
    onSuccess: settle,
  });
  const propose = useMutation({
    mutationFn: () => api.semanticModels.propose(databaseId),
    onSuccess: settle,
    onError: failed('Could not propose a model'),
  });
  const accept = useMutation({
    mutationFn: (replace: boolean) =>
      api.semanticModels.accept(databaseId, replace ? { version, replace } : { version }),
    onSuccess: settle,
    onError: failed('Could not accept the proposal'),
  });
  const acceptItems = useMutation({
    mutationFn: ({ items, replace }: { items: ProposalPicks; replace: boolean }) =>
      api.semanticModels.accept(databaseId, replace ? { version, items, replace } : { version, items }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: () => api.semanticModels.reject(databaseId),
    onSuccess: settle,
    onError: failed('Could not reject the proposal'),
  });
  const certify = useMutation({
    mutationFn: (metric: string) => api.semanticModels.certify(databaseId, metric),
    onSuccess: settle,
    onError: failed('Could not certify the metric'),
  });
  const withdraw = useMutation({
    mutationFn: (metric: string) => api.semanticModels.withdraw(databaseId, metric),
    onSuccess: settle,
    onError: failed('Could not withdraw the certification'),
  });
  return {
    // The editor (and a restore) shows a failed save beside the text, by field, rather than as a notification.
    save: (model, from = version) => save.mutateAsync({ model, from }),
    propose: () => propose.mutate(),
    accept: (replace = false) => accept.mutate(replace),
    acceptItems: (items, replace) => acceptItems.mutateAsync({ items, replace }),
    reject: () => reject.mutate(),
    certify: (metric) => certify.mutate(metric),
    withdraw: (metric) => withdraw.mutate(metric),
    busy:
      save.isPending ||
      propose.isPending ||
      accept.isPending ||
      acceptItems.isPending ||
      reject.isPending ||
      certify.isPending ||
      withdraw.isPending,
  };
}
