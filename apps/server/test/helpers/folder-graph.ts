import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of one file: which file, as written, and the folder it reaches. */
export interface FolderImport {
  file: string;
  specifier: string;
  to: string;
}

/** Imports between different folders, by the folder importing: `from → to → the imports`. */
export type FolderGraph = Map<string, Map<string, FolderImport[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The folder a source file belongs to: each feature of `modules/` on its own, every other
 * top-level folder whole, and a file at the root as itself (`app.ts`).
 */
export function folderOf(relative: string): string {
  const parts = relative.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1] ?? ''}`;
  return parts[0] ?? relative;
}

/**
 * Reads every import of the source tree (type-only, re-exports and dynamic `import()` included,
 * as TypeScript's own scanner finds them) and keeps those from one folder to another.
 */
export function readFolderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const from = folderOf(relative);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(root, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, FolderImport[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), { file: relative, specifier, to }]);
    }
  }
  return graph;
}

/** A shortest way back from `start` to itself, if there is one (breadth first). */
function cycleThrough(graph: FolderGraph, start: string): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift() ?? start;
    for (const next of graph.get(current)?.keys() ?? []) {
      if (next === start) {
        const way = [current];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0] ?? start) ?? start);
        return [...way, start];
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

/**
 * The dependency cycles between folders: for every folder on one, the shortest way back to it,
 * named once as its folders in order with an import that makes each step, e.g.
 * `a → b → a (a/x.ts imports ../b/y.ts; b/y.ts imports ../a/z.ts)`. None means none at all.
 */
export function findCycles(graph: FolderGraph): string[] {
  const seen = new Set<string>();
  const cycles: string[] = [];
  for (const folder of [...graph.keys()].sort()) {
    const cycle = cycleThrough(graph, folder);
    if (!cycle) continue;
    const key = [...new Set(cycle)].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const steps = cycle.slice(1).map((to, index) => {
      const step = graph.get(cycle[index] ?? '')?.get(to)?.[0];
      return step ? `${step.file} imports ${step.specifier}` : '';
    });
    cycles.push(`${cycle.join(' → ')} (${steps.join('; ')})`);
  }
  return cycles;
}
