import type { SemanticTerm } from '@querent/contracts';
import { suggestionId } from './use-term-combobox.ts';

/** What the list shows of a term: its words, and what it is in the model. */
function termText(term: SemanticTerm): string {
  return term.kind === 'value' ? term.value : term.label;
}

function termKind(term: SemanticTerm): string {
  switch (term.kind) {
    case 'metric':
      return 'Metric';
    case 'dimension':
      return term.timeGrains.length > 0
        ? `Dimension of ${term.dataset.label}, by ${term.timeGrains.join(', ')}`
        : `Dimension of ${term.dataset.label}`;
    case 'dataset':
      return 'Table';
    case 'value':
      return `Value of ${term.dimension.label} (${term.dataset.label})`;
  }
}

export interface TermSuggestionsProps {
  id: string;
  terms: readonly SemanticTerm[];
  active: number;
  onPick: (index: number) => void;
}

/**
 * The terms of the semantic model that match the words being typed: a listbox the question's
 * textbox points into (aria-controls, aria-activedescendant), so focus stays in the textbox while
 * arrows move through it. Pressing an option must not take focus from the textbox. Only the
 * arrows highlight: a list opening under a resting pointer must not choose what Enter puts in.
 */
export function TermSuggestions({ id, terms, active, onPick }: TermSuggestionsProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggested terms"
      data-testid="term-suggestions"
      className="max-h-64 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-md dark:border-zinc-700 dark:bg-zinc-900"
    >
      {terms.map((term, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the textbox's (arrows, Enter, Tab), as a combobox's are.
        <li
          key={`${term.kind}:${termText(term)}:${term.kind === 'value' ? term.dimension.name : term.name}`}
          id={suggestionId(id, index)}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(index)}
          className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800 ${
            index === active ? 'bg-indigo-50 dark:bg-indigo-950' : ''
          }`}
        >
          <span className="truncate font-medium">{termText(term)}</span>
          <span className="flex shrink-0 items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
            {termKind(term)}
            {term.kind === 'metric' && term.certified ? (
              <span className="text-emerald-700 dark:text-emerald-400">✓ certified</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
