import type { Dataset, SemanticModel } from '@querent/contracts';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { CertifiedBadge } from './certified-badge.tsx';
import { cardinalityOf, definitionOf, joinOf, sourceOf } from './item-descriptions.ts';

const sectionTitle = 'text-lg font-semibold';
const muted = 'text-sm text-zinc-600 dark:text-zinc-400';

function Datasets({ datasets }: { datasets: Dataset[] }) {
  return (
    <section aria-label="Datasets" className="flex flex-col gap-2">
      <h2 className={sectionTitle}>Datasets ({datasets.length})</h2>
      <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
        {datasets.map((dataset) => (
          <li key={dataset.name} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            <p className="font-medium">
              {dataset.label ?? dataset.name} <span className={muted}>({sourceOf(dataset)})</span>
            </p>
            {dataset.description ? <p className={muted}>{dataset.description}</p> : null}
            <p className="text-sm">
              <span className="font-medium">Dimensions:</span>{' '}
              {dataset.dimensions
                .map((dimension) => (dimension.type === 'time' ? `${dimension.name} (time)` : dimension.name))
                .join(', ') || '—'}
            </p>
            <p className="text-sm">
              <span className="font-medium">Measures:</span>{' '}
              {dataset.measures.map((measure) => `${measure.name} (${measure.aggregation})`).join(', ') ||
                '—'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Relationships({ model }: { model: SemanticModel }) {
  if (model.relationships.length === 0) return null;
  return (
    <section aria-label="Relationships" className="flex flex-col gap-2">
      <h2 className={sectionTitle}>Relationships ({model.relationships.length})</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {model.relationships.map((relationship) => (
          <li key={relationship.name}>
            <span className="font-mono">{joinOf(relationship)}</span>{' '}
            <span className={muted}>{cardinalityOf(relationship)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The certify and withdraw buttons, for those who may certify the model's metrics. */
export interface CertifyControls {
  busy: boolean;
  onCertify: (metric: string) => void;
  onWithdraw: (metric: string) => void;
}

/**
 * The model to read: metrics with their certification, datasets and relationships. Without
 * `certifying` (a reader, or an old version) it has no buttons at all.
 */
export function ModelOverview({
  model,
  certifying = null,
  anchored = true,
}: {
  model: SemanticModel;
  certifying?: CertifyControls | null;
  /** Metrics carry the ids an answer's "stands on" link points at (#metric-name); one view on a page does. */
  anchored?: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Metrics" className="flex flex-col gap-2">
        <h2 className={sectionTitle}>Metrics ({model.metrics.length})</h2>
        <ul className="flex flex-col gap-2">
          {model.metrics.map((metric) => (
            <li
              key={metric.name}
              id={anchored ? `metric-${metric.name}` : undefined}
              aria-label={`Metric ${metric.name}`}
              className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
            >
              <span className="font-medium">{metric.label ?? metric.name}</span>
              <span className={`font-mono ${muted}`}>{definitionOf(metric)}</span>
              {metric.certified ? <CertifiedBadge certified={metric.certified} /> : null}
              {certifying ? (
                <button
                  type="button"
                  className={`${secondaryButtonClass} ml-auto`}
                  disabled={certifying.busy}
                  onClick={() =>
                    metric.certified ? certifying.onWithdraw(metric.name) : certifying.onCertify(metric.name)
                  }
                >
                  {metric.certified ? 'Withdraw certification' : 'Certify'}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <Datasets datasets={model.datasets} />
      <Relationships model={model} />
    </div>
  );
}
