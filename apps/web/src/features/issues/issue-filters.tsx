import { inputClass } from '../../components/form-field.tsx';
import { type StatusFilter, statusFilterLabels } from './issue-rules.ts';

const filters = Object.keys(statusFilterLabels) as StatusFilter[];

interface IssueFiltersProps {
  filter: StatusFilter;
  onFilterChange: (filter: StatusFilter) => void;
  /** How many issues each filter shows, search aside. */
  counts: Record<StatusFilter, number>;
  search: string;
  onSearchChange: (search: string) => void;
}

/** The status filter as a segmented control with counts, and the search box. */
export function IssueFilters({ filter, onFilterChange, counts, search, onSearchChange }: IssueFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        type="search"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        placeholder="Search issues..."
        aria-label="Search issues"
        className={`${inputClass} max-w-xs flex-1`}
      />
      <div
        role="group"
        aria-label="Status filter"
        className="inline-flex overflow-hidden rounded-md border border-zinc-300 text-sm dark:border-zinc-700"
      >
        {filters.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => onFilterChange(value)}
            className={`px-3 py-1.5 not-first:border-l not-first:border-zinc-300 dark:not-first:border-zinc-700 ${
              filter === value
                ? 'bg-zinc-200 font-medium dark:bg-zinc-800'
                : 'bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-800'
            }`}
          >
            {statusFilterLabels[value]}{' '}
            <span className="text-zinc-500 dark:text-zinc-400">{counts[value]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
