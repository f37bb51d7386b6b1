import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@querent/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@querent/contracts';
import { useContextStore } from '../src/stores/context-store.ts';
import { ACTION_NOTIFICATION_TIMEOUT, useNotificationsStore } from '../src/stores/notifications-store.ts';
import { makeDatabase, serverUser } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';

/*
 * The upload page against a real local HTTP server. The shared test server reads bodies as JSON,
 * so this suite has its own that also takes multipart bodies as they come over the wire.
 */

interface Reply {
  status: number;
  body: unknown;
}

interface ReceivedUpload {
  contentType: string;
  body: string;
}

type Handler = (request: IncomingMessage, body: Buffer) => Reply | Promise<Reply>;

const routes = new Map<string, Handler>();
const uploads: ReceivedUpload[] = [];
let baseUrl = '';
let server: ReturnType<typeof createServer>;

function json(status: number, body: unknown): Reply {
  return { status, body };
}

// jsdom keeps the window's first origin after its URL is reconfigured, so it treats the page's
// same-origin upload as cross-origin: the server answers that check like a permissive one would.
const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Accept, Content-Type',
};

function send(response: ServerResponse, reply: Reply): void {
  response
    .writeHead(reply.status, { 'Content-Type': 'application/json', ...corsHeaders })
    .end(JSON.stringify(reply.body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      const handler = routes.get(`${request.method ?? 'GET'} ${path}`);
      const reply = handler
        ? await handler(request, Buffer.concat(chunks))
        : json(404, { error: { code: 'NOT_FOUND', message: `No route ${path}` } });
      send(response, reply);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page posts to /api/uploads on its own origin, as in production: make that origin this server.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({
    url: `${baseUrl}/upload`,
  });
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const uploadDb = makeDatabase({
  id: 'u1',
  name: 'sales.csv',
  engine: 'motherduck',
  details: { path: '/data/uploads/local/u1.duckdb' },
});

function result(overrides: Partial<UploadResult['table']> = {}, database: Database = uploadDb): UploadResult {
  return {
    database,
    table: {
      name: 'people',
      rows: 3,
      columns: [
        { name: 'id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
      ],
      ...overrides,
    },
  };
}

function stubSession(
  options: { databases?: Database[]; uploadDatabases?: Database[]; maxBytes?: number } = {},
) {
  routes.clear();
  const constant =
    (reply: Reply): Handler =>
    () =>
      reply;
  routes.set('GET /api/user', constant(json(200, serverUser('admin'))));
  routes.set('GET /api/user/credits', constant(json(200, { credits_remaining: null, unlimited: true })));
  routes.set('GET /api/auth', constant(json(200, { authorization_url: null })));
  routes.set('GET /api/databases', constant(json(200, options.databases ?? [])));
  routes.set('GET /api/projects', constant(json(200, [])));
  routes.set('GET /api/conversations', constant(json(200, [])));
  routes.set('GET /api/business-entities', constant(json(200, [])));
  routes.set('GET /api/issues', constant(json(200, [])));
  routes.set(
    'GET /api/uploads',
    constant(
      json(200, {
        maxBytes: options.maxBytes ?? 200 * 1024 * 1024,
        databases: options.uploadDatabases ?? [],
      }),
    ),
  );
}

/** Answers the next upload when the test says so, so the in-between states can be seen. */
function holdUpload(reply: Reply) {
  const { promise: released, resolve: release } = Promise.withResolvers<undefined>();
  routes.set('POST /api/uploads', async (request, body) => {
    uploads.push({ contentType: request.headers['content-type'] ?? '', body: body.toString('utf8') });
    await released;
    return reply;
  });
  return { release: () => release(undefined) };
}

/** Every XMLHttpRequest the page makes, so a test can play upload progress on it. */
const xhrs: XMLHttpRequest[] = [];

beforeEach(() => {
  uploads.length = 0;
  xhrs.length = 0;
  const Real = window.XMLHttpRequest;
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends Real {
      constructor() {
        super();
        xhrs.push(this);
      }
    },
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const csv = () => new File(['id,name\n1,Ann\n2,Bob\n3,Chloé\n'], 'people.csv', { type: 'text/csv' });

async function openPage(options: Parameters<typeof stubSession>[0] = {}) {
  stubSession(options);
  const user = userEvent.setup({ applyAccept: false });
  const app = renderApp('/upload', baseUrl);
  await screen.findByRole('heading', { level: 1, name: 'Upload a file' });
  // The limit arrives with GET /api/uploads.
  await screen.findByText(/, up to /);
  return { user, app, input: screen.getByLabelText('File to upload') };
}

const notifications = () => within(screen.getByTestId('notifications'));

function progressCard() {
  return notifications()
    .queryAllByTestId('notification')
    .find((card) => card.textContent.includes('Uploading file...'));
}

function playProgress(loaded: number, total: number) {
  const xhr = xhrs.at(-1);
  if (!xhr) throw new Error('no upload under way');
  act(() => {
    xhr.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  });
}

describe('upload page', () => {
  it('refuses a wrong type, an empty file and an oversized one before sending anything', async () => {
    const { user, input } = await openPage({ maxBytes: 10 });
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(input).toHaveAttribute('accept', '.csv,.tsv,.json,.ndjson,.parquet,.xlsx');

    await user.upload(input, new File(['hello'], 'notes.txt'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unsupported file type: .txt — upload CSV, TSV, JSON, Parquet or XLSX',
    );
    expect(upload).toBeDisabled();

    await user.upload(input, new File([], 'empty.csv'));
    expect(screen.getByRole('alert')).toHaveTextContent('empty.csv is empty');

    await user.upload(input, new File(['id,name\n1,Ann\n'], 'people.csv'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'people.csv is larger than the upload limit of 10 bytes',
    );
    expect(upload).toBeDisabled();
    expect(uploads).toHaveLength(0);
  });

  it('shows progress in a sticky card, then a green notice, selects the database and offers the next steps', async () => {
    const { user, app, input } = await openPage();
    const held = holdUpload(json(201, result()));
    await user.upload(input, csv());
    expect(screen.getByTestId('drop-zone')).toHaveTextContent('people.csv (29 bytes)');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(progressCard()).toBeDefined());
    const card = () => {
      const found = progressCard();
      if (!found) throw new Error('no progress card');
      return found;
    };
    expect(card()).toHaveTextContent('Uploading file... (0%)');
    expect(within(card()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    const stored = useNotificationsStore.getState().notifications.find((item) => item.group === 'upload');
    expect(stored).toMatchObject({ timeout: -1, progress: 0, dismissible: false });

    await waitFor(() => expect(uploads).toHaveLength(1));
    playProgress(40, 100);
    expect(card()).toHaveTextContent('Uploading file... (40%)');
    expect(within(card()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Uploading… 40%' })).toBeDisabled();
    playProgress(100, 100);
    expect(card()).toHaveTextContent('Uploading file... (100%)');
    expect(card()).toHaveTextContent('people.csv — loading it into a table…');

    held.release();
    const success = await notifications().findByText('Uploaded people.csv');
    expect(progressCard()).toBeUndefined();
    const notice = success.closest('[data-testid="notification"]');
    expect(notice).toHaveAttribute('data-color', 'green');
    expect(notice).toHaveTextContent('Table people: 3 rows');
    expect(
      useNotificationsStore.getState().notifications.find((item) => item.type === 'success'),
    ).toMatchObject({
      // It offers a button ("Ask about it"), so it stays long enough to reach it.
      timeout: ACTION_NOTIFICATION_TIMEOUT,
    });

    expect(uploads[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploads[0]?.body).toContain('filename="people.csv"');
    expect(uploads[0]?.body).toContain('1,Ann');
    expect(uploads[0]?.body).not.toContain('name="databaseId"');

    expect(useContextStore.getState().contextSelectedId).toBe('database-u1');
    const outcome = screen.getByRole('region', { name: 'Upload result' });
    expect(outcome).toHaveTextContent('Table people is ready in sales.csv: 3 rows, 2 columns.');
    expect(within(outcome).getByRole('link', { name: 'Open in editor' })).toHaveAttribute('href', '/editor');
    await user.click(within(outcome).getByRole('link', { name: 'Ask about it' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/chat/new'));
  });

  it('adds to an existing upload database under the table name asked for', async () => {
    const { user, input } = await openPage({ uploadDatabases: [uploadDb], databases: [uploadDb] });
    const held = holdUpload(json(201, result({ name: 'sales_2024' })));
    await user.upload(input, csv());
    await user.click(screen.getByRole('radio', { name: /An existing upload database/ }));
    expect(screen.getByRole('combobox', { name: 'Upload database' })).toHaveValue('u1');
    await user.type(screen.getByRole('textbox', { name: /Table name/ }), 'Sales 2024');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    held.release();
    await notifications().findByText('Uploaded people.csv');
    expect(uploads[0]?.body).toMatch(/name="databaseId"\r\n\r\nu1\r\n/);
    expect(uploads[0]?.body).toMatch(/name="tableName"\r\n\r\nSales 2024\r\n/);
    // The fields go first, so the server knows the target before the file's bytes.
    expect(uploads[0]?.body.indexOf('name="databaseId"')).toBeLessThan(
      uploads[0]?.body.indexOf('name="file"') ?? 0,
    );
  });

  it('shows the server’s message in red, and keeps the context', async () => {
    useContextStore.getState().select('database-d1');
    const { user, input } = await openPage({ databases: [makeDatabase({ id: 'd1' })] });
    const message =
      'ragged.csv could not be read as CSV: CSV Error on Line: 3 — Expected Number of Columns: 2 Found: 3';
    const held = holdUpload(json(400, { error: { code: 'BAD_REQUEST', message, field: 'file' } }));
    await user.upload(input, new File(['id,name\n1,a\n2,b,c\n'], 'ragged.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(progressCard()).toBeDefined());
    held.release();

    const title = await notifications().findByText('Could not upload ragged.csv');
    const card = title.closest('[data-testid="notification"]');
    expect(card).toHaveAttribute('data-color', 'red');
    expect(card).toHaveTextContent(message);
    expect(progressCard()).toBeUndefined();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === message)).toBe(true);
    expect(useContextStore.getState().contextSelectedId).toBe('database-d1');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('shows a 413 from the server the same way', async () => {
    const { user, input } = await openPage();
    const message = 'people.csv is larger than the upload limit of 64 KB';
    holdUpload(json(413, { error: { code: 'PAYLOAD_TOO_LARGE', message } })).release();
    await user.upload(input, csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const title = await notifications().findByText('Could not upload people.csv');
    expect(title.closest('[data-testid="notification"]')).toHaveTextContent(message);
  });

  it('takes a dropped file, and can cancel an upload under way', async () => {
    const { user } = await openPage();
    holdUpload(json(201, result()));
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [csv()] } });
    expect(screen.getByTestId('drop-zone')).toHaveTextContent('people.csv');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(progressCard()).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(progressCard()).toBeUndefined());
    expect(notifications().queryAllByTestId('notification')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(useContextStore.getState().contextSelectedId).toBeNull();
  });
});
