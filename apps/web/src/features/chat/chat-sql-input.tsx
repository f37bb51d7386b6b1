import { autocompletion } from '@codemirror/autocomplete';
import { sql } from '@codemirror/lang-sql';
import type { SchemaInfo } from '@querent/contracts';
import CodeMirror, { EditorView, keymap, Prec } from '@uiw/react-codemirror';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { isDarkTheme, useThemeStore } from '../../stores/theme-store.ts';
import { editorDialect } from '../editor/codemirror-language.ts';
import { buildCatalog } from '../editor/schema-catalog.ts';
import { schemaCompletionSource } from '../editor/schema-completion.ts';
import { engineSyntax } from '../editor/sql-dialects.ts';

export interface ChatSqlInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit: () => void;
  engine: string | null;
  schema: SchemaInfo | null;
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', maxHeight: '16rem' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
});

/**
 * The SQL mode of the chat input: CodeMirror with the engine's dialect and completion from the
 * context's schema. A lazy chunk of its own (see chat-input.tsx), like the SQL editor's.
 */
export function ChatSqlInput({ value, onChange, onSubmit, engine, schema }: ChatSqlInputProps) {
  const syntax = useMemo(() => engineSyntax(engine), [engine]);
  const catalog = useMemo(() => (schema ? buildCatalog(schema, syntax) : null), [schema, syntax]);
  // Read through refs so the extensions are built once per engine, not on every keystroke.
  const catalogRef = useRef(catalog);
  const submitRef = useRef(onSubmit);
  useLayoutEffect(() => {
    catalogRef.current = catalog;
    submitRef.current = onSubmit;
  });
  const dark = isDarkTheme(useThemeStore((state) => state.preference));

  // The refs are read later, by CodeMirror's completion and key callbacks, never during render.
  /* eslint-disable react-hooks/refs */
  const extensions = useMemo(() => {
    const dialect = editorDialect(syntax);
    return [
      sql({ dialect, upperCaseKeywords: true }),
      dialect.language.data.of({
        autocomplete: schemaCompletionSource(() => catalogRef.current, syntax),
      }),
      autocompletion({ activateOnTyping: true }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              submitRef.current();
              return true;
            },
          },
        ]),
      ),
      EditorView.contentAttributes.of({ 'aria-label': 'SQL to run' }),
      EditorView.lineWrapping,
      theme,
    ];
  }, [syntax]);
  /* eslint-enable react-hooks/refs */

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={dark ? 'dark' : 'light'}
      autoFocus
      minHeight="4.5rem"
      className="overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700"
      placeholder="SELECT … (Ctrl/Cmd+Enter runs it)"
      basicSetup={{
        autocompletion: false,
        foldGutter: false,
        lineNumbers: false,
        highlightActiveLine: false,
      }}
    />
  );
}
