import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

export function useCreditPlans() {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.creditPlans, queryFn: () => api.credits.plans() });
}

export function useCreditHistory() {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.creditHistory, queryFn: () => api.user.creditHistory() });
}
