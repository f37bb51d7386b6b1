import type { DashboardDataQuery, DashboardFilter, FilterValues } from '@querent/contracts';
import { formatFilterValue, parseFilterValue } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { inputClass } from '../../components/form-field.tsx';
import { valuesOf } from './use-filter-query.ts';

type SetValues = (name: string, values: readonly string[]) => void;

/** Where a category filter's choices come from: the signed-in route, or a public link's. */
export interface FilterValuesSource {
  /** The cache key of one filter's values. */
  key: (name: string) => readonly unknown[];
  load: (name: string) => Promise<FilterValues>;
}

const fieldClass = 'flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-400';

/** A range's two ends as the address writes them (`from..to`), either end empty. */
function rangeEnds(filter: DashboardFilter, query: DashboardDataQuery): [string, string] {
  const value = parseFilterValue(filter.kind, valuesOf(query, filter.name));
  if (typeof value === 'string' || value.kind === 'category') return ['', ''];
  if (value.kind === 'date') return [value.from ?? '', value.to ?? ''];
  return [value.min === null ? '' : String(value.min), value.max === null ? '' : String(value.max)];
}

function writeRange(filter: DashboardFilter, from: string, to: string): string[] {
  if (from === '' && to === '') return [];
  if (filter.kind === 'date') return formatFilterValue({ kind: 'date', from: from || null, to: to || null });
  return [`${from}..${to}`];
}

/**
 * A date or number range: two inputs, either left empty. A date is sent as soon as it is whole; a
 * number once typed (on leaving it or Enter). What is typed is held here until the field is left,
 * so the address catching up (a moment later) never redraws a field that is being typed in.
 */
function RangeControl({
  filter,
  query,
  setValues,
}: {
  filter: DashboardFilter;
  query: DashboardDataQuery;
  setValues: SetValues;
}) {
  const [from, to] = rangeEnds(filter, query);
  const [draft, setDraft] = useState<[string, string] | null>(null);
  const shown = draft ?? [from, to];
  const type = filter.kind === 'date' ? 'date' : 'number';
  const commit = (next: [string, string]) => {
    setDraft(null);
    setValues(filter.name, writeRange(filter, next[0], next[1]));
  };
  const change = (index: 0 | 1, text: string) => {
    const next: [string, string] = index === 0 ? [text, shown[1]] : [shown[0], text];
    setDraft(next);
    // A date input only reports a whole date (or none); a number is typed digit by digit.
    if (type === 'date') setValues(filter.name, writeRange(filter, next[0], next[1]));
  };
  return (
    <fieldset className="flex items-end gap-2">
      <legend className="mb-1 text-sm font-medium">{filter.label}</legend>
      {([0, 1] as const).map((index) => (
        <label key={index} className={fieldClass}>
          {index === 0 ? (type === 'date' ? 'From' : 'At least') : type === 'date' ? 'To' : 'At most'}
          <input
            type={type}
            className={inputClass}
            value={shown[index]}
            onChange={(event) => change(index, event.target.value)}
            onBlur={() => {
              if (draft) commit(draft);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && draft) commit(draft);
            }}
          />
        </label>
      ))}
    </fieldset>
  );
}

/** Category values to pick, offered from the data of the tile the filter is bound to. */
function CategoryControl({
  source,
  filter,
  query,
  setValues,
}: {
  source: FilterValuesSource;
  filter: DashboardFilter;
  query: DashboardDataQuery;
  setValues: SetValues;
}) {
  // Picks are held here as well as in the address, which follows a moment later: two quick picks
  // must not lose the first. The bar remounts this control when the address changes otherwise.
  const [chosen, setChosen] = useState(() => valuesOf(query, filter.name));
  const offered = useQuery({
    queryKey: source.key(filter.name),
    queryFn: () => source.load(filter.name),
  });
  const options = [...new Set([...(offered.data?.values ?? []), ...chosen])];
  return (
    <label className={fieldClass}>
      <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{filter.label}</span>
      <select
        multiple
        className={`${inputClass} min-w-40`}
        value={chosen}
        size={Math.min(4, Math.max(2, options.length))}
        onChange={(event) => {
          const picked = [...event.target.selectedOptions].map((option) => option.value);
          setChosen(picked);
          setValues(filter.name, picked);
        }}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The dashboard's filters, above its tiles: each a date range, a number range or category values,
 * kept in the address. Its owner may remove one (`onRemove`).
 */
export function FilterBar({
  source,
  filters,
  query,
  setValues,
  onRemove,
}: {
  source: FilterValuesSource;
  filters: readonly DashboardFilter[];
  query: DashboardDataQuery;
  setValues: SetValues;
  onRemove?: ((name: string) => void) | undefined;
}) {
  if (filters.length === 0) return null;
  return (
    <section aria-label="Filters" className="flex flex-wrap items-end gap-4">
      {filters.map((filter) => (
        <div key={filter.name} className="flex items-end gap-1">
          {filter.kind === 'category' ? (
            <CategoryControl
              key={valuesOf(query, filter.name).join('\u0000')}
              source={source}
              filter={filter}
              query={query}
              setValues={setValues}
            />
          ) : (
            <RangeControl filter={filter} query={query} setValues={setValues} />
          )}
          {valuesOf(query, filter.name).length > 0 ? (
            <button
              type="button"
              className="rounded p-1 text-xs text-zinc-500 hover:text-zinc-900"
              onClick={() => setValues(filter.name, [])}
            >
              Clear<span className="sr-only"> {filter.label}</span>
            </button>
          ) : null}
          {onRemove ? (
            <button
              type="button"
              className="rounded p-1 text-zinc-500 hover:text-red-600"
              aria-label={`Remove the filter ${filter.label}`}
              onClick={() => onRemove(filter.name)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
