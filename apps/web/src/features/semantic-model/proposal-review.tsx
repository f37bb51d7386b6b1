import type { SemanticModel, SemanticProposal } from '@querent/contracts';
import { type SyntheticEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { cardinalityOf, definitionOf, joinOf, sourceOf } from './item-descriptions.ts';
import type { ProposalPicks } from './use-semantic-model-actions.ts';

type Part = keyof ProposalPicks;

/** One item to pick: its name (what is sent), how people call it, and one line saying what it is. */
interface ReviewItem {
  name: string;
  label: string;
  line: string;
}

const parts: { part: Part; title: string }[] = [
  { part: 'datasets', title: 'Datasets' },
  { part: 'relationships', title: 'Relationships' },
  { part: 'metrics', title: 'Metrics' },
];

function itemsOf(model: SemanticModel): Record<Part, ReviewItem[]> {
  return {
    datasets: model.datasets.map((dataset) => ({
      name: dataset.name,
      label: dataset.label ?? dataset.name,
      line: sourceOf(dataset) === 'SQL' ? 'An SQL query' : `Table ${sourceOf(dataset)}`,
    })),
    relationships: model.relationships.map((relationship) => ({
      name: relationship.name,
      label: relationship.name,
      line: `${joinOf(relationship)}, ${cardinalityOf(relationship)}`,
    })),
    metrics: model.metrics.map((metric) => ({
      name: metric.name,
      label: metric.label ?? metric.name,
      line: definitionOf(metric),
    })),
  };
}

function namesOf(model: SemanticModel | null): Record<Part, Set<string>> {
  return {
    datasets: new Set(model?.datasets.map((item) => item.name)),
    relationships: new Set(model?.relationships.map((item) => item.name)),
    metrics: new Set(model?.metrics.map((item) => item.name)),
  };
}

function everyName(items: Record<Part, ReviewItem[]>): Record<Part, Set<string>> {
  return {
    datasets: new Set(items.datasets.map((item) => item.name)),
    relationships: new Set(items.relationships.map((item) => item.name)),
    metrics: new Set(items.metrics.map((item) => item.name)),
  };
}

function PickedItem({
  item,
  checked,
  saved,
  replace,
  onToggle,
}: {
  item: ReviewItem;
  checked: boolean;
  /** The saved model has an item of this name. */
  saved: boolean;
  replace: boolean;
  onToggle: (checked: boolean) => void;
}) {
  const id = useId();
  const detailsId = `${id}-details`;
  return (
    <li className="flex items-start gap-2 border-t border-zinc-200 py-2 first:border-t-0 dark:border-zinc-800">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0"
        checked={checked}
        aria-describedby={detailsId}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <div className="flex min-w-0 flex-col">
        {/* The label spans the row's width, so a finger finds it on a phone. */}
        <label htmlFor={id} className="font-medium break-words">
          {item.label}
          {item.label === item.name ? null : (
            <>
              {' '}
              <span className="font-mono text-xs font-normal text-zinc-500">{item.name}</span>
            </>
          )}
        </label>
        <span id={detailsId} className="text-xs break-words text-zinc-600 dark:text-zinc-400">
          {saved ? (
            <span className="inline-block rounded-full bg-amber-100 px-1.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
              {replace ? 'In the model: replaced' : 'In the model: kept as it is'}
            </span>
          ) : null}{' '}
          <span className="font-mono">{item.line}</span>
        </span>
      </div>
    </li>
  );
}

/**
 * The proposal item by item, to accept only some of it: every dataset, relationship and metric
 * with a checkbox (all picked at first), grouped, each saying what it is and whether the saved
 * model already has one of that name. The server refuses a pick that leaves a reference broken (a
 * metric without its dataset) and names it; that refusal shows here.
 */
export function ProposalReview({
  proposal,
  savedModel,
  busy,
  onAccept,
  onClose,
}: {
  proposal: SemanticProposal;
  savedModel: SemanticModel | null;
  busy: boolean;
  onAccept: (items: ProposalPicks, replace: boolean) => Promise<unknown>;
  onClose: () => void;
}) {
  // The page gives a new proposal a new review (keyed by when it was proposed), so these stay in step.
  const items = useMemo(() => itemsOf(proposal.model), [proposal]);
  const saved = useMemo(() => namesOf(savedModel), [savedModel]);
  const [picked, setPicked] = useState(() => everyName(items));
  const [replace, setReplace] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const replaceHelpId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Opened from the banner's button: keyboard users land on the first item.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  }, []);

  const total = parts.reduce((sum, { part }) => sum + items[part].length, 0);
  const chosen = parts.reduce((sum, { part }) => sum + picked[part].size, 0);
  const clashes = parts.some(({ part }) => items[part].some((item) => saved[part].has(item.name)));

  function toggle(part: Part, names: readonly string[], on: boolean) {
    setPicked((now) => {
      const next = new Set(now[part]);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return { ...now, [part]: next };
    });
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === 0) return;
    // In the proposal's order, whatever order they were ticked in.
    const pick = (part: Part) =>
      items[part].filter((item) => picked[part].has(item.name)).map((item) => item.name);
    try {
      setFailure(null);
      await onAccept(
        { datasets: pick('datasets'), relationships: pick('relationships'), metrics: pick('metrics') },
        replace,
      );
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <form
      ref={form}
      aria-label="Review the proposal"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-md border border-indigo-200 p-4 dark:border-indigo-900"
    >
      {parts.map(({ part, title }) =>
        items[part].length === 0 ? null : (
          <fieldset key={part} className="flex min-w-0 flex-col">
            <legend className="text-sm font-semibold">
              {title} ({picked[part].size} of {items[part].length})
            </legend>
            <div className="flex gap-3 py-1 text-xs">
              <button
                type="button"
                className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
                aria-label={`Select all ${title.toLowerCase()}`}
                onClick={() =>
                  toggle(
                    part,
                    items[part].map((item) => item.name),
                    true,
                  )
                }
              >
                Select all
              </button>
              <button
                type="button"
                className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
                aria-label={`Clear ${title.toLowerCase()}`}
                onClick={() =>
                  toggle(
                    part,
                    items[part].map((item) => item.name),
                    false,
                  )
                }
              >
                Clear
              </button>
            </div>
            <ul className="flex flex-col text-sm">
              {items[part].map((item) => (
                <PickedItem
                  key={item.name}
                  item={item}
                  checked={picked[part].has(item.name)}
                  saved={saved[part].has(item.name)}
                  replace={replace}
                  onToggle={(on) => toggle(part, [item.name], on)}
                />
              ))}
            </ul>
          </fieldset>
        ),
      )}
      {clashes ? (
        <div className="flex flex-col gap-1 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={replace}
              aria-describedby={replaceHelpId}
              onChange={(event) => setReplace(event.target.checked)}
            />
            Replace the model’s items of the same names
          </label>
          <p id={replaceHelpId} className="text-xs text-zinc-600 dark:text-zinc-400">
            Otherwise the model keeps its own version of those. A replaced metric keeps its certification only
            if its definition is unchanged.
          </p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClass} disabled={busy || chosen === 0}>
          Accept selected
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {chosen} of {total} items selected
        </span>
      </div>
    </form>
  );
}
