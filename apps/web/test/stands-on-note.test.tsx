import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../src/features/chat/chat-types.ts';
import { StandsOnNote } from '../src/features/chat/stands-on-note.tsx';

/** A tool's result as the conversation stores it: the call's name and its output as JSON. */
function result(name: string, output: unknown): ChatMessage {
  return {
    id: `m-${name}-${Math.random()}`,
    conversationId: 'c1',
    role: 'function',
    content: JSON.stringify(output),
    functionCall: { name, arguments: {} },
    createdAt: '2026-11-28T10:00:00Z',
  };
}

function note(steps: ChatMessage[], databaseId: string | null = 'db1') {
  return render(
    <MemoryRouter>
      <StandsOnNote steps={steps} databaseId={databaseId} />
    </MemoryRouter>,
  );
}

describe('what an answer stands on', () => {
  it('names a certified metric, who certified it, and links to its definition', () => {
    note([
      result('query_metrics', {
        sql: 'SELECT 1',
        standsOn: [
          {
            name: 'invoice_total',
            label: 'Invoice total',
            kind: 'metric',
            certified: { by: 'Ada', at: '2026-11-27T09:00:00Z' },
          },
        ],
      }),
    ]);
    expect(screen.getByTestId('stands-on')).toHaveTextContent(
      'Stands on the certified metric Invoice total certified by Ada on 2026-11-27.',
    );
    expect(screen.getByRole('link', { name: 'Invoice total' })).toHaveAttribute(
      'href',
      '/databases/db1/semantic-model#metric-invoice_total',
    );
  });

  it('says when the model was proposed rather than saved, with a link to review it', () => {
    for (const [modelSource, words] of [
      ['proposal', 'It comes from a proposed semantic model nobody has reviewed yet (review it).'],
      [
        'schema',
        'It comes from a semantic model proposed from the schema, which nobody has saved (review it).',
      ],
    ] as const) {
      const { unmount } = note([
        result('query_metrics', {
          modelSource,
          standsOn: [{ name: 'order_count', label: null, kind: 'metric', certified: null }],
        }),
      ]);
      expect(screen.getByTestId('stands-on')).toHaveTextContent(
        `Stands on the metric order_count (not certified). ${words}`,
      );
      expect(screen.getByRole('link', { name: 'review it' })).toHaveAttribute(
        'href',
        '/databases/db1/semantic-model',
      );
      unmount();
    }
    // A saved model needs no word.
    note([
      result('query_metrics', {
        modelSource: 'saved',
        standsOn: [{ name: 'n', label: null, kind: 'metric', certified: null }],
      }),
    ]);
    expect(screen.getByTestId('stands-on')).toHaveTextContent(/^Stands on the metric n \(not certified\)\.$/);
  });

  it('says when a metric is not certified, and reads the last query that ran', () => {
    note([
      result('run_sql', { rowCount: 3 }),
      result('query_metrics', { error: 'Unknown metric' }),
      result('query_metrics', {
        standsOn: [{ name: 'order_count', label: null, kind: 'metric', certified: null }],
      }),
    ]);
    expect(screen.getByTestId('stands-on')).toHaveTextContent(
      'Stands on the metric order_count (not certified).',
    );
  });

  it('says SQL the analyst wrote when the last query was free SQL, and nothing when none ran', () => {
    const { unmount } = note([
      result('query_metrics', { standsOn: [{ name: 'x', kind: 'measure' }] }),
      result('run_sql', { rowCount: 1 }),
    ]);
    expect(screen.getByText('Stands on SQL the analyst wrote (see its steps).')).toBeInTheDocument();
    unmount();
    const { container } = note([result('describe_table', { columns: [] })]);
    expect(container).toBeEmptyDOMElement();
  });

  it('names a verified query the analyst reused, linked to it', () => {
    note([
      result('run_sql', {
        rowCount: 1,
        standsOn: [{ kind: 'verified_query', id: 'q42', title: 'Revenue by month' }],
      }),
    ]);
    expect(screen.getByTestId('stands-on')).toHaveTextContent(
      'Stands on the verified query Revenue by month.',
    );
    expect(screen.getByRole('link', { name: 'Revenue by month' })).toHaveAttribute('href', '/query/q42');
  });

  it('says a measure of the model when no metric was asked for', () => {
    note([result('query_metrics', { standsOn: [{ name: 'track.unit_price', kind: 'measure' }] })]);
    expect(screen.getByRole('link', { name: 'semantic model' })).toHaveAttribute(
      'href',
      '/databases/db1/semantic-model',
    );
  });
});
