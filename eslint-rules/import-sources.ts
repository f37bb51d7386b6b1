import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rule } from 'eslint';

/** The repository's root: every path the rules compare is relative to it, with forward slashes. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ImportSource {
  /** The module name as written. */
  specifier: string;
  /** Where a relative specifier leads, from the repository's root; null for a package. */
  target: string | null;
  node: Rule.Node;
}

function fromRoot(file: string): string {
  return path.relative(repoRoot, file).split(path.sep).join('/');
}

/** The linted file, from the repository's root. */
export function lintedFile(context: Rule.RuleContext): string {
  return fromRoot(context.filename);
}

/** Whether a path from the root lies inside a folder given from the root. */
export function isInside(file: string, folder: string): boolean {
  return file.startsWith(`${folder}/`);
}

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function literalText(node: unknown): string | null {
  if (node === null || typeof node !== 'object') return null;
  const value = (node as { value?: unknown }).value;
  return typeof value === 'string' ? value : null;
}

/**
 * Calls `check` for every module the file brings in, whichever way it is written: imports and
 * type imports, re-exports, dynamic `import()` and `import('…')` types, so none slips past a
 * boundary.
 */
export function onEachImport(
  context: Rule.RuleContext,
  check: (source: ImportSource) => void,
): Rule.RuleListener {
  const directory = path.dirname(context.filename);
  const visit = (node: Rule.Node, sourceNode: unknown) => {
    const specifier = literalText(sourceNode);
    if (specifier === null) return;
    const target = specifier.startsWith('.') ? fromRoot(path.resolve(directory, specifier)) : null;
    check({ specifier, target, node });
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
    // TypeScript's `import('…')` in a type position; ESTree has no name for the node.
    TSImportType: (node: Rule.Node) => visit(node, (node as unknown as { source?: unknown }).source),
  };
}
