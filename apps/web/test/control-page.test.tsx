import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessEntity } from '../src/api/types.ts';
import { filterEntities, scoreColor, topIssues } from '../src/features/business-entities/entity-rules.ts';
import { useContextStore } from '../src/stores/context-store.ts';
import { makeEntity, personAbilitiesOf } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const entities: BusinessEntity[] = [
  makeEntity({
    id: 'e1',
    name: 'Customer',
    definition: 'A person who bought something',
    table_ref: 'public.customers',
    review_date: '2026-03-01T00:00:00Z',
    review_conversation_id: 'conv-1',
    completeness: 95,
    quality_score: 72,
    issues: [
      { title: 'Missing emails' },
      { title: 'Duplicate rows' },
      { title: 'Bad phones' },
      { title: 'Old' },
    ],
  }),
  makeEntity({ id: 'e2', name: 'Invoice' }),
];

describe('business entity rules', () => {
  it('colours bars green from 90, yellow from 70, red below', () => {
    expect([100, 90, 89, 70, 69, 0].map(scoreColor)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('keeps the top 2 issues and counts the rest', () => {
    expect(topIssues(entities[0] as BusinessEntity)).toEqual({
      titles: ['Missing emails', 'Duplicate rows'],
      more: 2,
    });
    expect(topIssues(makeEntity({ issues: null }))).toEqual({ titles: [], more: 0 });
  });

  it('filters by name, case-insensitive substring', () => {
    expect(filterEntities(entities, 'VOI').map((item) => item.name)).toEqual(['Invoice']);
    expect(filterEntities(entities, '  ')).toHaveLength(2);
  });
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.on('GET /api/user', {
    body: {
      id: 'local',
      email: null,
      first_name: 'Local',
      last_name: null,
      profile_picture_url: null,
      role: 'admin',
      organization_id: null,
      abilities: personAbilitiesOf('admin'),
    },
  });
  server.on('GET /api/user/credits', { body: { credits_remaining: null, unlimited: true } });
  server.on('GET /api/databases', {
    body: [{ id: 'd1', name: 'Chinook', engine: 'sqlite', createdAt: '2026-01-01' }],
  });
  server.on('GET /api/projects', { body: [] });
  server.on('GET /api/business-entities', (request) =>
    request.query.get('contextId') === 'database-d1' ? { body: entities } : { body: [] },
  );
  useContextStore.getState().select('database-d1');
});

describe('control page', () => {
  it('lists the entities of the selected context with their scores and issues', async () => {
    renderApp('/control', server.url);
    const customer = await screen.findByRole('article', { name: 'Customer' });
    expect(customer).toHaveTextContent('Definition: A person who bought something');
    expect(customer).toHaveTextContent('Table: public.customers');
    expect(within(customer).getByRole('meter', { name: 'Completeness' })).toHaveAttribute(
      'data-color',
      'green',
    );
    expect(within(customer).getByRole('meter', { name: 'Quality Score' })).toHaveAttribute(
      'data-color',
      'yellow',
    );
    expect(customer).toHaveTextContent('95%');
    expect(customer).toHaveTextContent('+2 more issues');

    const invoice = screen.getByRole('article', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('Not scanned');
    expect(invoice).toHaveTextContent("This entity hasn't been analyzed yet");
    expect(within(invoice).getByRole('button', { name: 'Start Analysis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan auto' })).toHaveClass('opacity-50');
  });

  it('filters with the search box', async () => {
    renderApp('/control', server.url);
    await screen.findByRole('article', { name: 'Customer' });
    fireEvent.change(screen.getByPlaceholderText('Search entities...'), { target: { value: 'cust' } });
    expect(screen.getByRole('article', { name: 'Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Invoice' })).toBeNull();
  });

  it('opens the review conversation of a card', async () => {
    const app = renderApp('/control', server.url);
    fireEvent.click(await screen.findByRole('article', { name: 'Customer' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/chat/conv-1'));
  });

  it('shows the error box with the server message', async () => {
    server.on('GET /api/business-entities', {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Not your database' } },
    });
    renderApp('/control', server.url);
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Error loading business entities');
    expect(box).toHaveTextContent('Not your database');
  });

  it('shows the default message when the server gives none', async () => {
    server.on('GET /api/business-entities', { status: 403 });
    renderApp('/control', server.url);
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('An error occurred while fetching business entities');
  });

  it('starts an analysis in a new conversation of the context', async () => {
    server.on('POST /api/conversations', (request) => ({
      status: 201,
      body: {
        id: 'conv-9',
        name: null,
        contextId: (request.body as { contextId: string }).contextId,
        createdAt: '',
        updatedAt: '',
        status: 'clear',
      },
    }));
    const app = renderApp('/control', server.url);
    fireEvent.click(await screen.findByRole('button', { name: 'Start Analysis' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/chat/conv-9'));
    const created = server.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/conversations',
    );
    expect(created?.body).toEqual({
      contextId: 'database-d1',
    });
    const [event, conversationId, text] = app.sockets[0]?.emitted[0] ?? [];
    expect([event, conversationId]).toEqual(['ask', 'conv-9']);
    expect(text).toContain('Invoice');
  });
});
