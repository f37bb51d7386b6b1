import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { Message, StatusEvent } from '@querent/contracts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './api-client.ts';
import { connectChat } from './chat-client.ts';
import { startConversation } from './factories.ts';
import type { ScriptEntry } from './scripted-model.ts';
import { lastToolResult, scriptFedModel } from './scripted-model.ts';
import type { RunningApp } from './test-app.ts';
import { startTestApp } from './test-app.ts';

export interface ScriptedChat {
  running: RunningApp;
  api: ApiClient;
  /** Asks a question in a new conversation of the context; the model plays `steps`. */
  ask(
    contextId: string,
    question: string,
    steps: ScriptEntry[],
  ): Promise<{ conversationId: string; end: StatusEvent; messages: Message[] }>;
  stop(): Promise<void>;
}

/**
 * A real app whose model is scripted afresh for each question: the loop, tools, store and socket
 * are the ones users get, only the model's choices are written by the test.
 */
export async function startScriptedChat(
  env: Record<string, string> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<ScriptedChat> {
  let script: ScriptEntry[] = [];
  const model = scriptFedModel(() => script.shift());
  const running = await startTestApp(env, { ...options, languageModel: model });
  const api = apiClient(running.baseUrl);
  return {
    running,
    api,
    async ask(contextId, question, steps) {
      const conversationId = await startConversation(api, contextId);
      script = [...steps];
      const client = await connectChat(running.baseUrl);
      try {
        client.socket.emit('ask', conversationId, question);
        const end = await client.waitFor<StatusEvent>(
          'status',
          (event) =>
            event.conversation_id === conversationId &&
            (event.status === 'clear' || event.status === 'error'),
        );
        const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
        return { conversationId, end, messages: stored.body.messages };
      } finally {
        client.close();
      }
    },
    stop: () => running.stop(),
  };
}

/** The instructions (system prompt) of a model call. */
export function instructionsOf(options: LanguageModelV4CallOptions): string {
  const system = options.prompt.find((entry) => entry.role === 'system');
  return system?.role === 'system' ? system.content : '';
}

/** The last tool result of a model call, as the model reads it. */
export function toolOutputOf(options: LanguageModelV4CallOptions): Record<string, unknown> {
  return lastToolResult(options)?.output as Record<string, unknown>;
}
