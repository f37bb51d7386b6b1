import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FolderGraph, FolderImport } from '../helpers/folder-graph.ts';
import { findCycles, folderOf, readFolderGraph } from '../helpers/folder-graph.ts';

const serverSource = path.resolve(import.meta.dirname, '../../src');

function graphOf(edges: [string, string][]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const [from, to] of edges) {
    const step: FolderImport = { file: `${from}/x.ts`, specifier: `../${to}/y.ts`, to };
    graph.set(from, (graph.get(from) ?? new Map<string, FolderImport[]>()).set(to, [step]));
  }
  return graph;
}

describe('the server’s folders depend on each other one way only', () => {
  const graph = readFolderGraph(serverSource);

  it('reads every folder’s imports, type-only and dynamic ones included', () => {
    expect(folderOf('modules/conversations/send-message.ts')).toBe('modules/conversations');
    expect(folderOf('agent/tools/run-sql.ts')).toBe('agent');
    expect(folderOf('app.ts')).toBe('app.ts');
    const conversations = graph.get('modules/conversations');
    // A type import (the agent's port) and a dynamic one (the loop, loaded at the first question).
    expect(conversations?.get('agent')?.map((step) => step.specifier)).toEqual(
      expect.arrayContaining(['../../agent/agent-port.ts', '../../agent/run-agent.ts']),
    );
    expect([...(graph.get('app.ts')?.keys() ?? [])]).toEqual(
      expect.arrayContaining(['http', 'realtime', 'modules/queries', 'store']),
    );
  });

  it('names a cycle with the imports that make it', () => {
    expect(
      findCycles(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([
      'a → b → c → a (a/x.ts imports ../b/y.ts; b/x.ts imports ../c/y.ts; c/x.ts imports ../a/y.ts)',
    ]);
    expect(
      findCycles(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no cycle between agent, auth, config, connectors, demo, http, llm, realtime, secrets, store and each module', () => {
    expect(findCycles(graph)).toEqual([]);
  });
});
