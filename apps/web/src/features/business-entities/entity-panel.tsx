import { LoaderCircle, Play, X } from 'lucide-react';
import type { QualityCheck } from '../../api/types.ts';
import { buttonClass } from '../../components/page.tsx';
import { serverMessage } from '../../lib/api-error.ts';
import { CheckRow } from './check-row.tsx';
import { ScoreBreakdown } from './score-breakdown.tsx';
import { useCheckActions, useEntityDetail } from './use-entity-detail.ts';

const stateOrder: Record<QualityCheck['state'], number> = { proposed: 0, active: 1, muted: 2 };

/**
 * An entity's page, beside the cards: what it is, the arithmetic of its scores, and its checks,
 * which a person who may change the database accepts, edits, mutes, deletes or runs.
 */
export function EntityPanel({ entityId, onClose }: { entityId: string; onClose: () => void }) {
  const detail = useEntityDetail(entityId);
  const actions = useCheckActions(entityId);
  const name = detail.data?.entity.name ?? 'Business entity';

  return (
    <section
      role="dialog"
      aria-label={`Checks and scores of ${name}`}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-2xl flex-col overflow-y-auto border-l border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-950"
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{name}</h2>
          {detail.data ? (
            <p className="text-xs text-zinc-500">
              {detail.data.entity.table_ref ?? 'No table'}
              {detail.data.key_columns.length > 0 ? ` · key ${detail.data.key_columns.join(', ')}` : ''} ·
              made by {detail.data.origin}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-label="Close"
          className="rounded-md p-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          onClick={onClose}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      {detail.isPending ? (
        <div role="status" className="flex justify-center p-8">
          <LoaderCircle className="animate-spin" aria-label="Loading the entity" />
        </div>
      ) : null}
      {detail.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(detail.error, 'Could not load the entity')}
        </p>
      ) : null}
      {detail.data ? (
        <div className="mt-4 flex flex-col gap-5">
          {detail.data.entity.definition ? <p className="text-sm">{detail.data.entity.definition}</p> : null}
          {detail.data.abilities.run ? (
            <button
              type="button"
              className={`${buttonClass} self-start`}
              disabled={actions.run.isPending}
              onClick={() => actions.run.mutate()}
            >
              <Play size={14} aria-hidden="true" />
              {actions.run.isPending ? 'Running…' : 'Run checks'}
            </button>
          ) : null}
          <ScoreBreakdown score={detail.data.score} />
          <section aria-label="Checks" className="flex flex-col">
            <h3 className="font-semibold">Checks</h3>
            <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {[...detail.data.checks]
                .sort((a, b) => stateOrder[a.state] - stateOrder[b.state])
                .map((check) => (
                  <CheckRow
                    key={check.id}
                    check={check}
                    databaseId={detail.data.database_id}
                    actions={{
                      change: detail.data.editable ? (body) => actions.change.mutate({ check, body }) : null,
                      remove: detail.data.editable ? () => actions.remove.mutate(check) : null,
                      pending: actions.change.isPending || actions.remove.isPending,
                    }}
                  />
                ))}
            </div>
            {detail.data.checks.length === 0 ? (
              <p className="text-sm text-zinc-500">
                No check yet: Start Analysis or Scan auto proposes them.
              </p>
            ) : null}
          </section>
        </div>
      ) : null}
    </section>
  );
}
