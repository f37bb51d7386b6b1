import { messageReferencePattern } from '@querent/contracts';
import type { AgentMessage } from './agent-port.ts';

/** Ids an answer may embed: the queries and charts this conversation's steps made. */
export function referableIds(records: readonly AgentMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const record of records) {
    if (record.role !== 'function') continue;
    if (record.queryId) ids.add(`query:${record.queryId}`);
    if (record.chartId) ids.add(`chart:${record.chartId}`);
  }
  return ids;
}

/** Drops embeds of ids that do not exist here, which would show as broken tables or charts. */
export function keepKnownReferences(text: string, known: ReadonlySet<string>): string {
  return text.replace(new RegExp(messageReferencePattern.source, 'g'), (whole, kind: string, id: string) =>
    known.has(`${kind}:${id}`) ? whole : '',
  );
}
