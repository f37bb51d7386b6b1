import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
// RouterProvider from the main entry: 'react-router/dom' can resolve to a second copy of the
// router context under test runners, which breaks every hook.
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { createRoutes } from '../router/create-routes.tsx';
import { type AppRoute, routeTable } from '../router/route-table.tsx';
import type { Services } from './services.ts';
import { ServicesProvider } from './services-context.tsx';

export interface AppProps {
  services: Services;
  /** Tests pass a memory router built from the same routes. */
  createRouter?: (routes: ReturnType<typeof createRoutes>) => DataRouter;
  table?: AppRoute[];
}

export function App({ services, createRouter = createBrowserRouter, table = routeTable }: AppProps) {
  // Created once per mounted app; the router owns navigation state from then on.
  const [router] = useState(() => createRouter(createRoutes(table, services)));
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
