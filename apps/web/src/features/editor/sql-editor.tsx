import { autocompletion, type CompletionContext, closeCompletion } from '@codemirror/autocomplete';
import { keywordCompletionSource } from '@codemirror/lang-sql';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { type KeyboardEvent, type Ref, useImperativeHandle, useMemo, useRef } from 'react';
import { isDarkTheme, useThemeStore } from '../../stores/theme-store.ts';
import { editorDialect } from './codemirror-language.ts';
import { runAllTarget, runTarget } from './run-target.ts';
import type { Catalog } from './schema-catalog.ts';
import { schemaCompletionSource } from './schema-completion.ts';
import type { EngineSyntax } from './sql-dialects.ts';

/** What the page asks of the editor besides its text. */
export interface SqlEditorHandle {
  /** Replaces the selection (or inserts at the cursor) and keeps the focus in the editor. */
  insert: (text: string) => void;
  /** The selection, or the statement under the cursor (Ctrl/Cmd+Enter). */
  statementTarget: () => string | null;
  /** The selection, or the whole text (the Run button). */
  allTarget: () => string | null;
  focus: () => void;
}

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  syntax: EngineSyntax;
  catalog: Catalog | null;
  /** Ctrl/Cmd+Enter with the statement or selection to run. */
  onRunStatement: (sql: string) => void;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  handle?: Ref<SqlEditorHandle>;
  label?: string;
}

const editorTheme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
});

/** CodeMirror 6 with the engine's SQL dialect and completion from the database's schema. */
export function SqlEditor({
  value,
  onChange,
  syntax,
  catalog,
  onRunStatement,
  onSave,
  handle,
  label = 'SQL',
}: SqlEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const dark = isDarkTheme(useThemeStore((state) => state.preference));

  // Rebuilt when the engine or the schema changes (rarely); CodeMirror then reconfigures in place.
  const extensions = useMemo(() => {
    const dialect = editorDialect(syntax);
    const keywords = keywordCompletionSource(dialect, true);
    // After `alias.` only the schema source answers: a keyword is never a column.
    const keywordsUnlessQualified = (context: CompletionContext) =>
      /\.[\w$]*$/.test(context.state.sliceDoc(Math.max(0, context.pos - 64), context.pos))
        ? null
        : keywords(context);
    return [
      dialect.language,
      dialect.language.data.of({ autocomplete: keywordsUnlessQualified }),
      dialect.language.data.of({ autocomplete: schemaCompletionSource(() => catalog, syntax) }),
      autocompletion({ activateOnTyping: true, icons: true }),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.lineWrapping,
      editorTheme,
    ];
  }, [syntax, label, catalog]);

  const selection = () => {
    const view = editor.current?.view;
    if (!view) return null;
    const { from, to } = view.state.selection.main;
    return { text: view.state.doc.toString(), range: { from, to } };
  };

  // Caught before CodeMirror's own keymap, where Mod-Enter would insert a blank line.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      const current = selection();
      const target = current ? runTarget(current.text, current.range, syntax.scan) : null;
      const view = editor.current?.view;
      if (view) closeCompletion(view);
      if (target) onRunStatement(target);
    } else if (event.key.toLowerCase() === 's' && onSave) {
      event.preventDefault();
      event.stopPropagation();
      onSave();
    }
  };

  useImperativeHandle(
    handle,
    () => ({
      insert(text) {
        const view = editor.current?.view;
        if (!view) return;
        view.dispatch(view.state.replaceSelection(text));
        view.focus();
      },
      statementTarget() {
        const current = selection();
        return current ? runTarget(current.text, current.range, syntax.scan) : null;
      },
      allTarget() {
        const current = selection();
        if (!current) return value.trim() === '' ? null : value;
        return runAllTarget(current.text, current.range);
      },
      focus() {
        editor.current?.view?.focus();
      },
    }),
    [syntax, value],
  );

  return (
    <div onKeyDownCapture={onKeyDownCapture} className="h-full min-h-0">
      <CodeMirror
        ref={editor}
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={dark ? 'dark' : 'light'}
        height="100%"
        className="h-full min-h-0 overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700"
        placeholder="SELECT … (Ctrl/Cmd+Enter runs the statement under the cursor)"
        basicSetup={{ autocompletion: false, foldGutter: false }}
      />
    </div>
  );
}
