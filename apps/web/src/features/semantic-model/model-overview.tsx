import type { Dataset, Metric, SemanticModel } from '@querent/contracts';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { CertifiedBadge } from './certified-badge.tsx';

function sourceOf(dataset: Dataset): string {
  if ('sql' in dataset.source) return 'SQL';
  return dataset.source.schema ? `${dataset.source.schema}.${dataset.source.table}` : dataset.source.table;
}

function definitionOf(metric: Metric): string {
  switch (metric.type) {
    case 'simple':
      return metric.measure;
    case 'ratio':
      return `${metric.numerator} / ${metric.denominator}`;
    case 'derived':
      return metric.expression;
    case 'cumulative':
      return `cumulative ${metric.measure}`;
  }
}

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
            <span className="font-mono">
              {relationship.from.dataset}.{relationship.from.columns.join(', ')} → {relationship.to.dataset}.
              {relationship.to.columns.join(', ')}
            </span>{' '}
            <span className={muted}>{relationship.cardinality.replaceAll('_', ' ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A read-only view of the model: datasets, relationships, metrics with certification. */
export function ModelOverview({
  model,
  canCertify,
  busy,
  onCertify,
  onWithdraw,
}: {
  model: SemanticModel;
  canCertify: boolean;
  busy: boolean;
  onCertify: (metric: string) => void;
  onWithdraw: (metric: string) => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Metrics" className="flex flex-col gap-2">
        <h2 className={sectionTitle}>Metrics ({model.metrics.length})</h2>
        <ul className="flex flex-col gap-2">
          {model.metrics.map((metric) => (
            <li
              key={metric.name}
              id={`metric-${metric.name}`}
              aria-label={`Metric ${metric.name}`}
              className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
            >
              <span className="font-medium">{metric.label ?? metric.name}</span>
              <span className={`font-mono ${muted}`}>{definitionOf(metric)}</span>
              {metric.certified ? <CertifiedBadge certified={metric.certified} /> : null}
              {canCertify ? (
                <button
                  type="button"
                  className={`${secondaryButtonClass} ml-auto`}
                  disabled={busy}
                  onClick={() => (metric.certified ? onWithdraw(metric.name) : onCertify(metric.name))}
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
