import { render } from '@testing-library/react';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { App } from '../../src/app/app.tsx';
import { createServices } from '../../src/app/services.ts';
import type { AppRoute } from '../../src/router/route-table.tsx';
import { fakeSocketFactory, recordingBrowser } from './fakes.ts';

/** Mounts the whole app at `path` against a test server, with a recording browser and a fake socket. */
export function renderApp(path: string, baseUrl: string, table?: AppRoute[]) {
  const browser = recordingBrowser();
  const sockets = fakeSocketFactory();
  const services = createServices({ baseUrl, browser, socketFactory: sockets.factory });
  let router: DataRouter | null = null;
  const view = render(
    <App
      services={services}
      {...(table ? { table } : {})}
      createRouter={(routes) => {
        router = createMemoryRouter(routes, { initialEntries: [path] });
        return router;
      }}
    />,
  );
  return {
    ...view,
    services,
    browser,
    sockets: sockets.sockets,
    router: () => {
      if (!router) throw new Error('router not created yet');
      return router;
    },
  };
}
