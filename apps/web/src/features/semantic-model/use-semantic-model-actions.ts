import type { SemanticModel, SemanticModelState } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

export interface SemanticModelActions {
  save: (model: SemanticModel) => Promise<SemanticModelState>;
  propose: () => void;
  /** `replace`: the proposal's items replace the model's of the same names (an import). */
  accept: (replace?: boolean) => void;
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
    mutationFn: (model: SemanticModel) => api.semanticModels.save(databaseId, { model, version }),
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
    // The editor shows a failed save beside the text, by field, rather than as a notification.
    save: (model) => save.mutateAsync(model),
    propose: () => propose.mutate(),
    accept: (replace = false) => accept.mutate(replace),
    reject: () => reject.mutate(),
    certify: (metric) => certify.mutate(metric),
    withdraw: (metric) => withdraw.mutate(metric),
    busy:
      save.isPending ||
      propose.isPending ||
      accept.isPending ||
      reject.isPending ||
      certify.isPending ||
      withdraw.isPending,
  };
}
