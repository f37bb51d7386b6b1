import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatMessage } from './chat-types.ts';
import { type ModelSource, standsOn } from './stands-on.ts';

const noteClass = 'text-xs text-zinc-600 dark:text-zinc-400';
const linkClass = 'underline underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100';

const day = (iso: string) => iso.slice(0, 10);

/** Said after the note when the model was not one a person saved: it is a guess from the schema. */
function UnreviewedModel({ source, modelPage }: { source: ModelSource; modelPage: string | null }) {
  if (source === 'saved') return null;
  const which =
    source === 'proposal'
      ? 'a proposed semantic model nobody has reviewed yet'
      : 'a semantic model proposed from the schema, which nobody has saved';
  return (
    <>
      {' '}
      It comes from {which}
      {modelPage ? (
        <>
          {' '}
          (
          <Link to={modelPage} className={linkClass}>
            review it
          </Link>
          )
        </>
      ) : null}
      .
    </>
  );
}

/**
 * Under an answer: what its figures stand on, with each metric's definition one click away on
 * the database's semantic model page (issue #19: certified metric, the model, or free SQL).
 */
export function StandsOnNote({
  steps,
  databaseId,
}: {
  steps: readonly ChatMessage[];
  databaseId: string | null;
}) {
  const basis = standsOn(steps);
  if (basis === null) return null;
  if (basis.kind === 'sql')
    return <p className={noteClass}>Stands on SQL the analyst wrote (see its steps).</p>;
  if (basis.kind === 'verified') {
    return (
      <p className={noteClass} data-testid="stands-on">
        Stands on the verified query{' '}
        <Link to={`/query/${basis.id}`} className={linkClass}>
          {basis.title ?? 'without a title'}
        </Link>
        .
      </p>
    );
  }
  const modelPage = databaseId === null ? null : `/databases/${databaseId}/semantic-model`;
  if (basis.kind === 'measures') {
    return (
      <p className={noteClass}>
        Stands on the{' '}
        {modelPage ? (
          <Link to={modelPage} className={linkClass}>
            semantic model
          </Link>
        ) : (
          'semantic model'
        )}{' '}
        (a measure, no metric).
        <UnreviewedModel source={basis.modelSource} modelPage={modelPage} />
      </p>
    );
  }
  return (
    <p className={noteClass} data-testid="stands-on">
      Stands on{' '}
      {basis.metrics.map((metric, index) => (
        <span key={metric.name}>
          {index > 0 ? ', ' : ''}
          {metric.certified ? 'the certified metric ' : 'the metric '}
          {modelPage ? (
            <Link to={`${modelPage}#metric-${metric.name}`} className={linkClass}>
              {metric.label ?? metric.name}
            </Link>
          ) : (
            (metric.label ?? metric.name)
          )}
          {metric.certified ? ' ' : null}
          {metric.certified ? (
            <span className="inline-flex items-center gap-0.5 text-emerald-700 dark:text-emerald-400">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              certified by {metric.certified.by} on {day(metric.certified.at)}
            </span>
          ) : (
            ' (not certified)'
          )}
        </span>
      ))}
      .
      <UnreviewedModel source={basis.modelSource} modelPage={modelPage} />
    </p>
  );
}
