import type { LanguageModelV4Content } from '@ai-sdk/provider';
import { analysisTarget, expectedFinding, isScanRequest } from '@querent/contracts';
import type { OfflineState } from './conversation-state.ts';
import { answerAnalysis, answerMute, answerScan } from './quality-answers.ts';

/*
 * Data-quality requests for the offline analyst: Scan auto's text runs the deterministic scan,
 * Start Analysis' text analyses the named entity, and "that is expected" mutes the check behind
 * the last finding, each through the same tool a model would call, then answers from its output.
 */

let sequence = 0;

function call(toolName: string, input: Record<string, unknown>): LanguageModelV4Content[] {
  sequence += 1;
  return [
    {
      type: 'tool-call',
      toolCallId: `offline-quality-${Date.now().toString(36)}-${sequence}`,
      toolName,
      input: JSON.stringify(input),
    },
  ];
}

const answer = (value: string): LanguageModelV4Content[] => [{ type: 'text', text: value }];

function once(
  state: OfflineState,
  toolName: string,
  input: Record<string, unknown>,
  write: (output: Record<string, unknown>) => string,
): LanguageModelV4Content[] {
  const done = state.exchanges.findLast(
    (exchange) => exchange.toolName === toolName && exchange.output !== null,
  );
  if (done?.output) return answer(write(done.output));
  if (!state.tools.has(toolName)) return answer(write({ error: 'I ran out of steps' }));
  return call(toolName, input);
}

/** The step for a data-quality request; null when the question is not one. */
export function qualityStep(state: OfflineState): LanguageModelV4Content[] | null {
  const question = state.question;
  if (isScanRequest(question)) return once(state, 'scan_database', {}, answerScan);
  const target = analysisTarget(question);
  if (target !== null) return once(state, 'analyze_entity', { entity: target }, answerAnalysis);
  const finding = expectedFinding(question);
  if (finding) {
    return once(
      state,
      'mute_check',
      { reason: question, ...(finding.named === null ? {} : { issue: finding.named }) },
      answerMute,
    );
  }
  return null;
}
