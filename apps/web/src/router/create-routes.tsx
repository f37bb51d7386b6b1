import { type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router';
import type { Services } from '../app/services.ts';
import { BootPlaceholder } from '../components/boot-placeholder.tsx';
import { RootLayout } from '../layouts/root-layout.tsx';
import { RouteErrorScreen } from '../layouts/route-error-screen.tsx';
import { guardDepsFor } from './guard-deps.ts';
import { type AuthGuardDeps, runGuards, type SandboxGuardDeps } from './guards.ts';
import type { RouteHandle } from './route-meta.ts';
import type { AppRoute } from './route-table.tsx';

type GuardDeps = AuthGuardDeps & SandboxGuardDeps;

/** Keeps the router from drawing anything while the browser is leaving for the sign-in page. */
function untilPageUnloads(): Promise<never> {
  return new Promise<never>(() => undefined);
}

function toRouteObject(route: AppRoute, services: Services, deps: GuardDeps): RouteObject {
  const handle: RouteHandle =
    route.name === undefined ? { meta: route.meta } : { name: route.name, meta: route.meta };

  // Loaders run on every navigation to the route, so the guards run "before each route".
  async function loader(args: LoaderFunctionArgs) {
    if (route.redirectTo !== undefined) return redirect(route.redirectTo);
    const path = new URL(args.request.url).pathname;
    const outcome = await runGuards({ path, meta: route.meta }, deps);
    if (outcome.kind === 'redirect') return redirect(outcome.to);
    if (outcome.kind === 'leave') {
      services.browser.assign(outcome.url);
      return untilPageUnloads();
    }
    return route.load ? await route.load(args, services) : null;
  }

  const object: RouteObject = { path: route.path, handle, loader };
  if (route.Component) object.Component = route.Component;
  return object;
}

/** The router's tree: one root that picks the layout, with every table route as its child. */
export function createRoutes(table: AppRoute[], services: Services): RouteObject[] {
  const deps = guardDepsFor(services);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: BootPlaceholder,
      ErrorBoundary: RouteErrorScreen,
      children: table.map((route) => toRouteObject(route, services, deps)),
    },
  ];
}
