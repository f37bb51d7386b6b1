import type { SemanticModelState } from '@querent/contracts';
import { autoScanPrompt } from '@querent/contracts';
import type { ChatSession } from './chat-session.ts';
import type { EvalDatabase } from './eval-database.ts';
import { callApi } from './eval-server.ts';

/*
 * "After one unattended Scan auto" (issue #19's measure): before the cases, the database is
 * scanned as a person's Scan auto button does it, by sending its text to the analyst in a
 * conversation of its own. The scan leaves a pending semantic model proposal (with the values its
 * profiles found), which the analyst then answers from; nobody accepts or edits it.
 */

/** What the scan left for the analyst to answer from. */
export interface ScannedModel {
  source: string;
  datasets: number;
  metrics: number;
}

const POLL_MS = 100;
const PROPOSAL_WAIT_MS = 30_000;

export async function runScanAuto(
  baseUrl: string,
  chat: ChatSession,
  database: EvalDatabase,
  timeoutMs: number,
): Promise<ScannedModel> {
  const conversationId = await chat.startConversation(`database-${database.id}`);
  const end = await chat.ask(conversationId, autoScanPrompt, timeoutMs);
  if (end.status !== 'clear') throw new Error(`Scan auto did not finish: ${end.error ?? 'no reason given'}`);
  const deadline = Date.now() + PROPOSAL_WAIT_MS;
  for (;;) {
    const state = await callApi<SemanticModelState>(
      baseUrl,
      'GET',
      `/api/databases/${database.id}/semantic-model`,
    );
    const model = state.model ?? state.proposal?.model ?? null;
    if (model !== null) {
      return {
        source: state.model ? 'saved' : (state.proposal?.source ?? 'proposal'),
        datasets: model.datasets.length,
        metrics: model.metrics.length,
      };
    }
    if (Date.now() > deadline) throw new Error('Scan auto left no semantic model proposal');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
