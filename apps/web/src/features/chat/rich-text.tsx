import type { Components } from 'react-markdown';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { formatSql } from '../editor/format-sql.ts';
import { engineSyntax } from '../editor/sql-dialects.ts';

/*
 * Markdown (with GFM tables) and SQL pretty-printing are heavy; this module is loaded on demand
 * by lazy-rich-text.tsx, so /chat/new does not download them before there is a message to show.
 */

/** SQL from the server is shown pretty-printed; text the formatter cannot parse stays as sent. */
export function prettySql(sql: string, engine: string | null): string {
  try {
    return formatSql(sql, engineSyntax(engine));
  } catch {
    return sql;
  }
}

export function SqlView({ sql, engine }: { sql: string; engine: string | null }) {
  return (
    <pre
      data-testid="sql-block"
      className="overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs leading-relaxed dark:bg-zinc-800"
    >
      <code>{prettySql(sql, engine)}</code>
    </pre>
  );
}

function markdownComponents(engine: string | null): Components {
  return {
    table: ({ children }) => (
      <div className="my-2 overflow-x-auto">
        <table className="min-w-full border-collapse text-sm">{children}</table>
      </div>
    ),
    th: ({ children }) => (
      <th className="border border-zinc-300 bg-zinc-50 px-2 py-1 text-left font-medium dark:border-zinc-700 dark:bg-zinc-800">
        {children}
      </th>
    ),
    td: ({ children }) => (
      <td className="border border-zinc-300 px-2 py-1 dark:border-zinc-700">{children}</td>
    ),
    a: ({ children, href }) => (
      <a
        href={href}
        target="_blank"
        rel="noreferrer"
        className="text-indigo-600 underline dark:text-indigo-400"
      >
        {children}
      </a>
    ),
    // A fenced ```sql block is formatted like every other SQL the chat shows.
    code: ({ className, children }) => {
      const text = typeof children === 'string' ? children : '';
      if (className === 'language-sql' && text !== '')
        return <code>{prettySql(text.replace(/\n$/, ''), engine)}</code>;
      return <code className={className}>{children}</code>;
    },
    pre: ({ children }) => (
      <pre className="my-2 overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-800">
        {children}
      </pre>
    ),
  };
}

export function MarkdownView({ text, engine }: { text: string; engine: string | null }) {
  return (
    <div className="chat-markdown flex flex-col gap-2 text-sm leading-relaxed [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-zinc-100 [&_:not(pre)>code]:px-1 dark:[&_:not(pre)>code]:bg-zinc-800">
      <Markdown remarkPlugins={[remarkGfm]} components={markdownComponents(engine)}>
        {text}
      </Markdown>
    </div>
  );
}
