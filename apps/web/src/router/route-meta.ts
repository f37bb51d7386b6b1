/** What each route declares about itself; kept apart from components so guards stay pure. */
export interface RouteMeta {
  /** 'empty' draws the screen bare; anything else gets the default layout with the sidebar. */
  layout?: 'empty' | 'default';
  /** Guest routes (login, not found) skip the authentication check. */
  guestOnly?: boolean;
  requiresAuth?: boolean;
}

export interface RouteHandle {
  name?: string;
  meta: RouteMeta;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'meta' in value;
}
