import type {
  DashboardFilter,
  DashboardFilterKind,
  DashboardTile,
  FilterBinding,
  TileData,
} from '@querent/contracts';
import { useState } from 'react';
import { FormField, inputClass, secondaryButtonClass } from '../../components/form-field.tsx';

const kindNames: Record<DashboardFilterKind, string> = {
  date: 'Date range',
  category: 'Category (one or more values)',
  number: 'Number range',
};

/** The filter's key in the address, from its label: lower-case letters, digits and _. */
export function filterNameFor(label: string, taken: readonly string[]): string {
  const base = `f_${label}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^f_+/, '')
    .replace(/_+$/, '')
    .slice(0, 30);
  const start = /^[a-z]/.test(base) ? base : `f_${base}`.replace(/_+$/, '');
  let name = start;
  for (let n = 2; taken.includes(name); n += 1) name = `${start}_${n}`;
  return name;
}

/** What a tile can be bound by: a query tile's result columns, a metric tile's dimensions. */
function choicesOf(tile: DashboardTile, data: TileData | undefined): { name: string; type: string }[] {
  if (tile.kind === 'metric')
    return tile.metricQuery.dimensions.map(({ dimension }) => ({ name: dimension, type: '' }));
  if (tile.kind === 'query') return data?.columns ?? [];
  return [];
}

/** A date filter goes to a tile's first column that looks like a date; the others start unbound. */
function firstGuess(kind: DashboardFilterKind, choices: { name: string; type: string }[]): string {
  if (kind !== 'date') return '';
  return (
    choices.find((choice) => /date|time/i.test(choice.type) || /date|day|_at$|_on$/i.test(choice.name))
      ?.name ?? ''
  );
}

/**
 * Adds a filter to the dashboard: its label, its kind, and for each query or metric tile the
 * column (or dimension) it drives, if any. The columns are those of each tile's current result.
 */
export function AddFilterPanel({
  tiles,
  data,
  taken,
  busy,
  onAdd,
}: {
  tiles: readonly DashboardTile[];
  data: ReadonlyMap<string, TileData>;
  taken: readonly string[];
  busy: boolean;
  onAdd: (filter: DashboardFilter) => void;
}) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<DashboardFilterKind>('date');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const dataTiles = tiles.filter((tile) => tile.kind !== 'text');
  const bindingOf = (tile: DashboardTile) =>
    chosen[tile.id] ?? firstGuess(kind, choicesOf(tile, data.get(tile.id)));
  return (
    <form
      aria-label="Add a filter"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        if (label.trim() === '') return;
        const bindings: FilterBinding[] = dataTiles.flatMap((tile) => {
          const by = bindingOf(tile);
          if (by === '') return [];
          return [
            tile.kind === 'metric' ? { tileId: tile.id, dimension: by } : { tileId: tile.id, column: by },
          ];
        });
        onAdd({ name: filterNameFor(label, taken), label: label.trim(), kind, bindings });
        setLabel('');
        setChosen({});
      }}
    >
      <FormField label="Filter name" required>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={label}
            maxLength={100}
            onChange={(event) => setLabel(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Kind">
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as DashboardFilterKind);
              setChosen({});
            }}
          >
            {(Object.keys(kindNames) as DashboardFilterKind[]).map((option) => (
              <option key={option} value={option}>
                {kindNames[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {dataTiles.map((tile, index) => {
        const choices = choicesOf(tile, data.get(tile.id));
        return (
          <FormField key={tile.id} label={`${tile.title ?? `Tile ${index + 1}`} follows it by`}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={bindingOf(tile)}
                onChange={(event) => setChosen({ ...chosen, [tile.id]: event.target.value })}
              >
                <option value="">Not filtered</option>
                {choices.map((choice) => (
                  <option key={choice.name} value={choice.name}>
                    {choice.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        );
      })}
      <div>
        <button type="submit" className={secondaryButtonClass} disabled={busy || label.trim() === ''}>
          Add the filter
        </button>
      </div>
    </form>
  );
}
