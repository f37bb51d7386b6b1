import { render } from '@testing-library/react';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { App } from '../../src/app/app.tsx';
import { createServices } from '../../src/app/services.ts';
import { useChatStore } from '../../src/features/chat/chat-store.ts';
import { useContextStore } from '../../src/stores/context-store.ts';
import { recordingBrowser } from './fakes.ts';

/**
 * Mounts the whole app at `path` against the HTTP test server and a real Socket.IO server, with
 * the given context selected (the sidebar's selector keeps it when the databases list has it).
 */
export function renderChatApp(
  path: string,
  urls: { http: string; socket: string },
  contextId = 'database-d1',
) {
  useChatStore.getState().reset();
  useContextStore.getState().select(contextId);
  const services = createServices({
    baseUrl: urls.http,
    browser: recordingBrowser(),
    socketUrl: urls.socket,
  });
  let router: DataRouter | null = null;
  const view = render(
    <App
      services={services}
      createRouter={(routes) => {
        router = createMemoryRouter(routes, { initialEntries: [path] });
        return router;
      }}
    />,
  );
  return {
    ...view,
    services,
    router: () => {
      if (!router) throw new Error('router not created yet');
      return router;
    },
  };
}
