import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded from its own chunk the first time its route draws (the layouts hold the Suspense
 * boundary), so the first load of /chat/new carries only what the chat needs.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
