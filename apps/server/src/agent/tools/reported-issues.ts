import type { AgentMessage } from '../agent-port.ts';

/** Issue ids anywhere in a tool's JSON answer: `issues: [{ id }]` lists and `issueId` fields. */
function issueIdsIn(value: unknown, found: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) issueIdsIn(item, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'issueId' && typeof item === 'string') found.push(item);
    else if (key === 'issues' && Array.isArray(item)) {
      for (const issue of item) {
        const id = (issue as { id?: unknown } | null)?.id;
        if (typeof id === 'string') found.push(id);
      }
    } else issueIdsIn(item, found);
  }
}

/**
 * The issues that the latest tool answer naming any reported: what "that" refers to when the user
 * answers a finding with "that is expected".
 */
export function lastReportedIssueIds(history: readonly AgentMessage[]): string[] {
  for (const message of [...history].reverse()) {
    if (message.role !== 'function' || message.content === null) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.content);
    } catch {
      continue;
    }
    const found: string[] = [];
    issueIdsIn(parsed, found);
    if (found.length > 0) return [...new Set(found)];
  }
  return [];
}
