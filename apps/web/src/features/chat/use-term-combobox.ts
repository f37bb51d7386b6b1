import type { SemanticTerm } from '@querent/contracts';
import { type KeyboardEvent, useState } from 'react';
import { insertTerm, wordsBeforeCaret } from './typed-words.ts';
import { type TermSource, useTermSuggestions } from './use-term-suggestions.ts';

/** The id of the list's option at `index`, for the input's aria-activedescendant. */
export const suggestionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** Suggestions the list shows at most. */
const SHOWN_TERMS = 8;

export interface TermCombobox {
  terms: readonly SemanticTerm[];
  /** The highlighted suggestion, or -1 before the arrows pick one. */
  active: number;
  setActive: (index: number) => void;
  /** Puts a suggestion in place of the words it matched. */
  pick: (index: number) => void;
  /** True when the key was the list's (and so must not also send or move the caret). */
  handleKey: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
}

/**
 * The suggestion list of the question box, as a combobox's: arrows move through it, Tab puts the
 * highlighted term (or the first) in the question, Enter the highlighted one (with none
 * highlighted Enter still sends, so a question ending in a known word is sent as typed), Escape
 * closes it until other words are typed. `text` and `caret` are the question and where its caret is.
 */
export function useTermCombobox(input: {
  source: TermSource | null;
  text: string;
  caret: number;
  /** Whether the question box has focus: the list shows only while one types in it. */
  focused: boolean;
  onInsert: (next: { text: string; caret: number }) => void;
}): TermCombobox {
  const words = input.focused ? wordsBeforeCaret(input.text, input.caret) : null;
  const found = useTermSuggestions(input.source, words);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const terms = words !== null && words !== dismissedFor ? found.slice(0, SHOWN_TERMS) : [];
  // The highlight belongs to one list: new words (or new answers) start without one.
  const listKey = `${words ?? ''}\n${terms.map((term) => term.insert).join('\n')}`;
  const [highlight, setHighlight] = useState({ listKey: '', index: -1 });
  const active = highlight.listKey === listKey ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ listKey, index });

  const pick = (index: number) => {
    const term = terms[index];
    if (term) input.onInsert(insertTerm(input.text, input.caret, term.words, term.insert));
  };

  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (terms.length === 0 || event.nativeEvent.isComposing) return false;
    const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
    let handled = true;
    if (event.key === 'ArrowDown' && !modified) setActive((active + 1) % terms.length);
    else if (event.key === 'ArrowUp' && !modified) setActive(active <= 0 ? terms.length - 1 : active - 1);
    else if (event.key === 'Tab' && !modified) pick(Math.max(active, 0));
    else if (event.key === 'Enter' && !modified && active >= 0) pick(active);
    else if (event.key === 'Escape') setDismissedFor(words);
    else handled = false;
    if (handled) event.preventDefault();
    return handled;
  };

  return { terms, active, setActive, pick, handleKey };
}
