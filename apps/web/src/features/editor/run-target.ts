import type { ScanOptions } from './sql-scanner.ts';
import { statementAt } from './sql-statements.ts';

export interface SelectionRange {
  from: number;
  to: number;
}

/**
 * What Ctrl/Cmd+Enter runs: the selected text when there is a selection, otherwise the statement
 * under the cursor. Null when that is empty.
 */
export function runTarget(text: string, selection: SelectionRange, options: ScanOptions = {}): string | null {
  if (selection.from !== selection.to) {
    const selected = text.slice(
      Math.min(selection.from, selection.to),
      Math.max(selection.from, selection.to),
    );
    return selected.trim() === '' ? null : selected;
  }
  return statementAt(text, selection.to, options)?.text ?? null;
}

/** What the Run button runs: the selection when there is one, otherwise everything. */
export function runAllTarget(text: string, selection: SelectionRange): string | null {
  if (selection.from !== selection.to) return runTarget(text, selection);
  return text.trim() === '' ? null : text;
}
