import type { ExpectedOutcome } from '../golden-set.ts';

/*
 * The harness's own scripted analyst. The oracle answers every question with the case's reference
 * SQL, refuses where the case expects a refusal and asks where it expects a question, so the
 * harness must find it right on every case. The broken oracle answers every question with a
 * plausible but wrong query (a dropped filter, a flipped negation…), so the harness must find it
 * confidently wrong on every case. Both go through the real loop and tools like any model.
 */

export interface OracleScript {
  /** The case's last question; earlier turns of a follow-up get a short acknowledgement. */
  question: string;
  expect: ExpectedOutcome;
  /** The SQL it answers with: the reference, or for the broken oracle a wrong one. */
  sql: string | null;
}

export interface ToolOutput {
  toolName: string;
  output: unknown;
}

export type OracleStep = { text: string } | { call: { name: string; input: Record<string, unknown> } };

function embedOf(output: unknown): string | null {
  const embed = (output as { embed?: unknown } | null)?.embed;
  return typeof embed === 'string' ? embed : null;
}

/** The next step, from the last question and the tool results since it. */
export function oracleStep(
  script: OracleScript | null,
  question: string,
  since: readonly ToolOutput[],
): OracleStep {
  if (script === null || question.trim() !== script.question.trim()) return { text: 'Noted.' };
  if (script.sql === null) {
    return script.expect === 'clarification'
      ? { text: 'Which of its readings do you mean?' }
      : { text: 'I cannot answer that from this database.' };
  }
  const ran = since.findLast((entry) => entry.toolName === 'run_sql');
  if (!ran) return { call: { name: 'run_sql', input: { query: script.sql, title: 'Answer' } } };
  const embed = embedOf(ran.output);
  return { text: embed === null ? 'The query failed.' : `Here is the answer.\n\n${embed}` };
}
