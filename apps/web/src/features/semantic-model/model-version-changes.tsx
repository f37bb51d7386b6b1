import type { SemanticModel } from '@querent/contracts';
import { compareModels, type ModelChanges } from './model-changes.ts';

/** "Added metrics: revenue, order_count", one line per kind of change, in a fixed order. */
function linesOf(changes: ModelChanges): { key: string; title: string; names: string[] }[] {
  const lines = [];
  for (const [part, noun] of [
    ['datasets', 'datasets'],
    ['relationships', 'relationships'],
    ['metrics', 'metrics'],
  ] as const) {
    const { added, removed, changed } = changes[part];
    lines.push(
      { key: `${part}-added`, title: `Added ${noun}`, names: added },
      { key: `${part}-removed`, title: `Removed ${noun}`, names: removed },
      { key: `${part}-changed`, title: `Changed ${noun}`, names: changed },
    );
  }
  lines.push(
    { key: 'certified', title: 'Certified metrics', names: changes.metrics.certified },
    { key: 'uncertified', title: 'Certification withdrawn or dropped', names: changes.metrics.uncertified },
  );
  return lines.filter((line) => line.names.length > 0);
}

/**
 * What one version changed against the one before it: the history's summary in words, then every
 * added, removed and changed item by name, compared here from the two models.
 */
export function ModelVersionChanges({
  version,
  summary,
  before,
  after,
}: {
  version: number;
  summary: string;
  /** The version before's model; null for the first version, compared with nothing. */
  before: SemanticModel | null;
  after: SemanticModel;
}) {
  const lines = linesOf(compareModels(before, after));
  return (
    <section aria-label="Changes" className="flex flex-col gap-1 text-sm">
      <h3 className="font-semibold">
        {version === 1 ? 'What the first version saved' : `What changed since version ${version - 1}`}
      </h3>
      <p className="text-zinc-600 dark:text-zinc-400">{summary}</p>
      {lines.length > 0 ? (
        <ul aria-label="Changed items" className="flex flex-col gap-0.5">
          {lines.map((line) => (
            <li key={line.key}>
              <span className="font-medium">{line.title}:</span>{' '}
              <span className="font-mono break-words">{line.names.join(', ')}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
