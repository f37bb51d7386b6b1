import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

/** One model step of a script: text, tool calls, a failure, or silence until aborted. */
export type ScriptStep =
  | { text?: string; calls?: { name: string; input: Record<string, unknown> | string; id?: string }[] }
  | { fail: unknown }
  | { hang: true; text?: string };

export type ScriptEntry = ScriptStep | ((options: LanguageModelV4CallOptions) => ScriptStep);

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

let callCounter = 0;

function partsOf(step: Exclude<ScriptStep, { fail: unknown } | { hang: true }>): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.text) {
    parts.push({ type: 'text-start', id: 't1' });
    // Several pieces, so the chat sees the answer stream.
    for (const piece of step.text.match(/[\s\S]{1,12}/g) ?? []) {
      parts.push({ type: 'text-delta', id: 't1', delta: piece });
    }
    parts.push({ type: 'text-end', id: 't1' });
  }
  for (const call of step.calls ?? []) {
    callCounter += 1;
    parts.push({
      type: 'tool-call',
      toolCallId: call.id ?? `call-${callCounter}`,
      toolName: call.name,
      input: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
    });
  }
  const finish = step.calls?.length ? 'tool-calls' : 'stop';
  parts.push({ type: 'finish', usage, finishReason: { unified: finish, raw: finish } });
  return parts;
}

/**
 * A scripted model (the AI SDK's MockLanguageModelV4) that plays one entry per model call, in
 * order; an entry may be a function of the request, to answer from what the tools returned.
 * After the script it answers "(end of script)". `calls` keeps every request for inspection.
 */
export function scriptedModel(script: ScriptEntry[]): MockLanguageModelV4 {
  const queue = [...script];
  return new MockLanguageModelV4({
    doStream: (options) => {
      const entry = queue.shift() ?? { text: '(end of script)' };
      const step = typeof entry === 'function' ? entry(options) : entry;
      if ('fail' in step)
        return Promise.reject(step.fail instanceof Error ? step.fail : new Error(String(step.fail)));
      if ('hang' in step) {
        return Promise.resolve({
          stream: new ReadableStream<LanguageModelV4StreamPart>({
            start(controller) {
              controller.enqueue({ type: 'stream-start', warnings: [] });
              if (step.text) {
                controller.enqueue({ type: 'text-start', id: 't1' });
                controller.enqueue({ type: 'text-delta', id: 't1', delta: step.text });
              }
              options.abortSignal?.addEventListener('abort', () =>
                controller.error(options.abortSignal?.reason),
              );
            },
          }),
        });
      }
      const parts = partsOf(step);
      return Promise.resolve({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      });
    },
  });
}

/**
 * A scripted model fed one entry per call by `next` (the test's own script, which it replaces
 * between tests), "(end of script)" when `next` has none: one app serves every test of a suite.
 */
export function scriptFedModel(next: () => ScriptEntry | undefined): MockLanguageModelV4 {
  const model = scriptedModel([]);
  model.doStream = (options) => {
    const entry = next();
    return scriptedModel(entry === undefined ? [] : [entry]).doStream(options);
  };
  return model;
}

/** The last tool result the model was sent, parsed: what a scripted step answers from. */
export function lastToolResult(
  options: LanguageModelV4CallOptions,
): { toolName: string; output: unknown } | null {
  for (const message of [...options.prompt].reverse()) {
    if (message.role !== 'tool') continue;
    const part = message.content.findLast((item) => item.type === 'tool-result');
    if (part?.type !== 'tool-result') continue;
    const { output } = part;
    return {
      toolName: part.toolName,
      output: output.type === 'json' ? output.value : 'value' in output ? output.value : null,
    };
  }
  return null;
}
