import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@querent/contracts';
import { useServices } from '../../app/services-context.tsx';

/** Opens a Stripe Checkout and leaves for its page; the balance is credited once Stripe says it is paid. */
export function useCheckout() {
  const { api, browser } = useServices();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/credits/checkout'>) => api.credits.checkout(body),
    onSuccess: ({ url }) => browser.assign(url),
  });
}
