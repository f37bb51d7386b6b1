import type { Database } from '@querent/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type Api, createApi } from '../api/create-api.ts';
import { queryKeys } from '../api/query-keys.ts';
import { reloadContextData } from '../features/context/contexts.ts';
import { type Browser, windowBrowser } from '../lib/browser.ts';
import { createHttpClient, type HttpClient } from '../lib/http-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { type AppSocket, createSocketClient, type SocketFactory } from '../lib/socket-client.ts';
import { createVersionChecker } from '../lib/version-check.ts';
import { createSession, type Session } from '../session/session-service.ts';
import { useContextStore } from '../stores/context-store.ts';
import { notify, STICKY } from '../stores/notifications-store.ts';
import { useSocketStore } from '../stores/socket-store.ts';
import { useUserStore } from '../stores/user-store.ts';

export interface ServicesOptions {
  baseUrl?: string;
  browser?: Browser;
  fetch?: typeof fetch;
  socketUrl?: string;
  socketFactory?: SocketFactory;
}

export interface Services {
  api: Api;
  http: HttpClient;
  queryClient: QueryClient;
  browser: Browser;
  session: Session;
  socket: AppSocket;
  versionChecker: ReturnType<typeof createVersionChecker>;
  /** Fetches the databases list anew (the guard does it after sign-in). */
  refreshDatabases: () => Promise<Database[]>;
  /** Selects a context and reloads what depends on it: conversations, business entities, issues. */
  changeContext: (contextId: string | null) => void;
}

/** Wires the app's singletons; tests build their own with a local server and a recording browser. */
export function createServices(options: ServicesOptions = {}): Services {
  const browser = options.browser ?? windowBrowser;
  const queryClient = createQueryClient();

  // The client needs the session to re-authenticate and the session needs the client's API:
  // the closure reads `session` only when a 401 arrives, long after both exist.
  let session: Session | null = null;
  const http = createHttpClient({
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    reauthenticate: async () => session?.reauthenticate(),
    offersCredits: () => useUserStore.getState().user.abilities.manage_credits,
    offerCredits: (message) =>
      notify({
        group: 'credits',
        type: 'error',
        title: 'Out of credits',
        text: message,
        timeout: STICKY,
        action: { label: 'Get more credits', to: '/subscribe' },
      }),
  });
  const api = createApi(http);
  session = createSession({ api, browser, onLogout: () => queryClient.clear() });

  const socket = createSocketClient({
    ...(options.socketUrl === undefined ? {} : { url: options.socketUrl }),
    ...(options.socketFactory === undefined ? {} : { factory: options.socketFactory }),
    onConnectedChange: (connected) => useSocketStore.getState().setConnected(connected),
    // Asked over HTTP, whose 401 runs the one re-authentication; a blip is only logged.
    onSessionRefused: () => void api.user.credits().catch(() => undefined),
  });

  const versionChecker = createVersionChecker({
    fetchVersion: () => api.version(),
    reload: () => browser.reload(),
  });

  return {
    api,
    http,
    queryClient,
    browser,
    session,
    socket,
    versionChecker,
    refreshDatabases: () =>
      queryClient.query({ queryKey: queryKeys.databases, queryFn: () => api.databases.list(), staleTime: 0 }),
    changeContext(contextId) {
      if (useContextStore.getState().contextSelectedId === contextId) return;
      useContextStore.getState().select(contextId);
      reloadContextData(queryClient);
    },
  };
}
