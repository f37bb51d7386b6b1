import { lazy, Suspense } from 'react';

const loadRichText = () => import('./rich-text.tsx');
const MarkdownView = lazy(() => loadRichText().then((module) => ({ default: module.MarkdownView })));
const SqlView = lazy(() => loadRichText().then((module) => ({ default: module.SqlView })));

/** Markdown from the lazy chunk; the raw text shows meanwhile, so nothing jumps from empty to full. */
export function LazyMarkdown({ text, engine }: { text: string; engine: string | null }) {
  return (
    <Suspense fallback={<p className="text-sm leading-relaxed whitespace-pre-wrap">{text}</p>}>
      <MarkdownView text={text} engine={engine} />
    </Suspense>
  );
}

export function LazySql({ sql, engine }: { sql: string; engine: string | null }) {
  return (
    <Suspense
      fallback={
        <pre className="overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-800">
          {sql}
        </pre>
      }
    >
      <SqlView sql={sql} engine={engine} />
    </Suspense>
  );
}
