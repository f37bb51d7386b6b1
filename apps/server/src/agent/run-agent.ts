import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import { ToolChoiceViolationError } from 'ai';
import { z } from 'zod';
import type { LlmConfig } from '../config/settings/llm.ts';
import { isAppError } from '../errors.ts';
import { MalformedToolCallError } from '../llm/llm-errors.ts';
import { loadAgentContext } from './agent-context.ts';
import type { AgentPort, ModelUsage } from './agent-port.ts';
import { createAnswerWriter } from './answer-writer.ts';
import { compactHistory } from './compact-history.ts';
import { contextBudget } from './context-budget.ts';
import type { KeptReasoning } from './kept-reasoning.ts';
import { withKeptReasoning } from './kept-reasoning.ts';
import { toModelMessages } from './history.ts';
import type { StepToolCall } from './model-step.ts';
import { runModelStep } from './model-step.ts';
import { referableIds } from './references.ts';
import { cutShortMessage, usageGap } from './step-checks.ts';
import { estimateTokens } from './token-estimate.ts';
import type { ToolContext, ToolResult } from './tools/agent-tool.ts';
import { agentTools, findAgentTool, toolDefinitions } from './tools/tool-set.ts';

export interface AgentDeps {
  /** The model answering; the configured provider's SDK loads at the first turn, not at boot. */
  loadModel(): Promise<LanguageModelV4>;
  llm: LlmConfig;
  /** AGENT_MAX_STEPS: most model calls in one turn. */
  maxSteps: number;
  log: FastifyBaseLogger;
  /** Told the tokens of each model call, as the provider reported them (metrics). */
  onModelUsage?: (usage: ModelUsage) => void;
  /** The clock "today" is read from; tests and the evaluation fix it. */
  now(): Date;
  /** ANALYST_TIME_ZONE, else the server's zone. */
  timeZone: string;
}

/** Consecutive steps whose tool calls could not be read before the turn gives up. */
const MALFORMED_STEPS_ALLOWED = 1;

// The definitions never change, so their share of every request is measured once.
const toolTokens = estimateTokens(
  agentTools.map((entry) => [entry.name, entry.description, z.toJSONSchema(entry.inputSchema)]),
);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function callArguments(input: unknown): Record<string, unknown> {
  if (input !== null && typeof input === 'object' && !Array.isArray(input))
    return input as Record<string, unknown>;
  return { input };
}

async function runTool(deps: AgentDeps, call: StepToolCall, context: ToolContext): Promise<ToolResult> {
  const tool = findAgentTool(call.toolName);
  if (call.invalid || !tool) {
    return {
      output: {
        error: `Invalid tool call: ${errorText(call.error)} Call it again with arguments that match the tool's schema.`,
      },
    };
  }
  try {
    return await tool.execute(call.input, context);
  } catch (error) {
    if (context.signal.aborted) throw error;
    // Expected failures (a chart over a missing column, memory that is read-only) are for the
    // model to work around; anything else is our bug, logged, and the model told the step failed.
    if (isAppError(error)) return { output: { error: error.message } };
    deps.log.error({ err: error, tool: call.toolName }, 'Agent tool failed');
    return { output: { error: `The ${call.toolName} tool failed unexpectedly: ${errorText(error)}` } };
  }
}

/** Stores a tool call, runs it, stores its result: each visible in the chat as it happens. */
async function step(deps: AgentDeps, call: StepToolCall, context: ToolContext): Promise<void> {
  const functionCall = { name: call.toolName, arguments: callArguments(call.input), callId: call.toolCallId };
  await context.storeStep({
    role: 'assistant',
    content: null,
    functionCall,
  });
  let result: ToolResult;
  try {
    result = await runTool(deps, call, context);
  } catch (error) {
    await context.storeStep({
      role: 'function',
      content: JSON.stringify({ error: 'Stopped by the user before this step finished.' }),
      functionCall,
    });
    throw error;
  }
  await context.storeStep({
    role: 'function',
    content: JSON.stringify(result.output),
    functionCall,
    queryId: result.queryId ?? null,
    chartId: result.chartId ?? null,
  });
}

/**
 * The analyst's loop, the same for every model: before each step the stored conversation is read
 * back and compacted to fit the context window; the model answers or calls tools; each call is
 * stored, run and its result stored, until the model answers with no call or the step limit is
 * reached. Stop aborts the model call and the SQL running for it.
 */
export async function runAgent(deps: AgentDeps, port: AgentPort): Promise<void> {
  const model = await deps.loadModel();
  const budget = contextBudget(deps.llm.contextTokens);
  const loaded = await loadAgentContext(port, {
    budget,
    clock: { now: deps.now(), timeZone: deps.timeZone },
  });
  const tools = toolDefinitions();
  const answerReserve = Math.min(8192, Math.floor(deps.llm.contextTokens / 4));
  const fixedTokens = toolTokens + estimateTokens(loaded.instructions);
  const messageTokens = Math.max(1024, deps.llm.contextTokens - answerReserve - fixedTokens);
  const context: ToolContext = {
    ...port,
    tables: loaded.tables,
    focus: loaded.focus,
    budget,
    verified: loaded.verified,
    get schemaIndex() {
      return loaded.schema.index;
    },
  };

  let malformedSteps = 0;
  let gapLogged = false;
  const reasoning = new Map<string, KeptReasoning[]>();
  for (let stepNumber = 1; stepNumber <= deps.maxSteps; stepNumber += 1) {
    port.signal.throwIfAborted();
    const records = await port.readHistory();
    const known = referableIds(records);
    const writer = createAnswerWriter({ port, known: () => known });
    const lastStep = stepNumber === deps.maxSteps;
    const messages = compactHistory(withKeptReasoning(toModelMessages(records), reasoning), {
      messageTokens,
    });
    const outcome = await runModelStep({
      model,
      llm: deps.llm,
      instructions: loaded.instructions,
      messages,
      tools,
      toolChoice: lastStep ? 'none' : 'auto',
      signal: port.signal,
      writer,
      onUsage: (usage) => {
        port.recordUsage(usage);
        deps.onModelUsage?.(usage);
      },
    }).catch((error: unknown) => {
      // On the last step tools are off; a model calling one anyway has simply not finished.
      if (lastStep && ToolChoiceViolationError.isInstance(error)) return null;
      throw error;
    });
    if (outcome === null) break;
    const gap = gapLogged ? null : usageGap(outcome.inputTokens, fixedTokens + estimateTokens(messages));
    if (gap) {
      gapLogged = true;
      deps.log.warn(
        { provider: deps.llm.provider, model: deps.llm.model, ...gap },
        'Input tokens reported by the provider differ widely from the estimate',
      );
    }
    const cut = cutShortMessage(outcome.finishReason, outcome.rawFinishReason);
    if (cut !== null) {
      // Tool calls of a cut step may be cut too: none is run, the turn ends saying why.
      await port.storeStep({ role: 'assistant', content: cut });
      return;
    }
    const { calls } = outcome;
    if (calls.length === 0) return;
    const firstCall = calls[0];
    if (firstCall && outcome.reasoning.length > 0) reasoning.set(firstCall.toolCallId, outcome.reasoning);
    const invalid = calls.filter((call) => call.invalid || !findAgentTool(call.toolName));
    malformedSteps = invalid.length > 0 ? malformedSteps + 1 : 0;
    for (const call of calls) {
      await step(deps, call, context);
      port.signal.throwIfAborted();
    }
    if (malformedSteps > MALFORMED_STEPS_ALLOWED) {
      throw new MalformedToolCallError(`${invalid[0]?.toolName ?? 'tool'}: ${errorText(invalid[0]?.error)}`);
    }
  }
  await port.storeStep({
    role: 'assistant',
    content: `I stopped after ${deps.maxSteps} steps (AGENT_MAX_STEPS) without reaching an answer. Ask me to continue, or narrow the question.`,
  });
}
