import { useMatches } from 'react-router';
import { Toaster } from '../features/notifications/toaster.tsx';
import { useSocketConnection } from '../features/socket/use-socket-connection.ts';
import { isRouteHandle } from '../router/route-meta.ts';
import { DefaultLayout } from './default-layout.tsx';
import { EmptyLayout } from './empty-layout.tsx';

/** Picks the layout from the matched route's meta; a route without a name draws nothing. */
export function RootLayout() {
  useSocketConnection();
  const handle = useMatches().at(-1)?.handle;
  if (!isRouteHandle(handle) || handle.name === undefined) return null;
  return (
    <>
      {handle.meta.layout === 'empty' ? <EmptyLayout /> : <DefaultLayout />}
      <Toaster />
    </>
  );
}
