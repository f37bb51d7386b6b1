import type { SemanticTerm } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';

/** Whose model the words come from: a database, or a project (its database's). */
export interface TermSource {
  kind: 'database' | 'project';
  id: string;
}

/** Typing pauses this long before a lookup: one request per pause, not per key. */
const LOOKUP_DELAY_MS = 150;
/** A model changes rarely; the same words typed again within this are answered from memory. */
const TERMS_STALE_MS = 30_000;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The model's terms that match `words` (the words before the caret, or null when none is being
 * typed), once typing pauses. A lookup made stale by more typing is cancelled (TanStack Query
 * aborts the request of a key nobody watches any more); a failure shows nothing, as typing must
 * never wait on suggestions.
 */
export function useTermSuggestions(source: TermSource | null, words: string | null): SemanticTerm[] {
  const { api } = useServices();
  const settled = useSettled(words, LOOKUP_DELAY_MS);
  // Words typed past the settled ones make its answer stale: show nothing until the next lookup.
  const current = settled !== null && settled === words;
  const lookup = useQuery({
    queryKey: queryKeys.semanticTerms(source?.kind ?? '', source?.id ?? '', settled ?? ''),
    queryFn: ({ signal }) =>
      source ? api.semanticModels.terms(source, settled ?? '', signal) : Promise.resolve(null),
    enabled: source !== null && current,
    staleTime: TERMS_STALE_MS,
    retry: false,
  });
  return current ? (lookup.data?.terms ?? []) : [];
}
