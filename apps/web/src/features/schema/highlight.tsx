import type { ReactNode } from 'react';
import { normalizeSearch } from './filter-schema.ts';

/** The text with every case-insensitive occurrence of the search marked. */
export function Highlight({ text, search }: { text: string; search: string }) {
  const needle = normalizeSearch(search);
  if (needle === '') return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  let at = lower.indexOf(needle);
  while (at !== -1) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700/60">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
    at = lower.indexOf(needle, from);
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}
