import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../app/services-context.tsx';

/** Opens Stripe's billing portal and leaves for it; Stripe tells the server what changed. */
export function useBillingPortal() {
  const { api, browser } = useServices();
  return useMutation({
    mutationFn: () => api.credits.portal(),
    onSuccess: ({ url }) => browser.assign(url),
  });
}
