import type { SocketErrorEvent } from '@querent/contracts';
import type { LimitAsks } from '../auth/anonymous/ask-limit.ts';
import { isAppError } from '../errors.ts';
import type { ChatDeps } from '../modules/conversations/chat-deps.ts';
import type { ChatEvents } from '../modules/conversations/chat-events.ts';
import { regenerateFromMessage } from '../modules/conversations/regenerate-from-message.ts';
import { sendMessage } from '../modules/conversations/send-message.ts';
import { decideWrite } from '../modules/conversations/decide-write.ts';
import { stopConversation } from '../modules/conversations/stop-conversation.ts';
import { onClientEvent, refuseUnknownEvents } from './client-events.ts';
import { emitToUser } from './emit-to-user.ts';
import type { QuerentServer, QuerentSocket } from './socket-types.ts';

/**
 * A conversation's events, sent to every tab of its owner on every instance; a refusal has
 * nobody to go to unless a tab asked (see chatEvents).
 */
export function ownerChatEvents(io: QuerentServer, userId: string): ChatEvents {
  return {
    message: (message) => emitToUser(io, userId, 'response', message),
    chunk: (chunk) => emitToUser(io, userId, 'response-chunk', chunk),
    status: (event) => emitToUser(io, userId, 'status', event),
    deleted: (messageId) => emitToUser(io, userId, 'delete-message', messageId),
    conversation: (summary) => emitToUser(io, userId, 'conversation', summary),
    error: () => undefined,
  };
}

/** A conversation's events go to every tab of its owner; a refusal only to the tab that asked. */
function chatEvents(io: QuerentServer, socket: QuerentSocket): ChatEvents {
  return { ...ownerChatEvents(io, socket.data.user.id), error: (event) => socket.emit('error', event) };
}

/**
 * The chat's socket events. Each payload is checked against its declaration in the contracts
 * before anything runs; the use case then checks the rest (ownership first) and any refusal is
 * answered with `error`.
 */
export function registerChatHandlers(io: QuerentServer, deps: ChatDeps, limitAsks: LimitAsks): void {
  io.on('connection', (socket) => {
    const events = chatEvents(io, socket);
    const { user } = socket.data;
    const refuse = (event: SocketErrorEvent) => events.error(event);
    refuseUnknownEvents(socket, refuse);

    const run = (conversationId: string, work: () => Promise<unknown>) => {
      work().catch((error: unknown) => {
        if (!isAppError(error)) deps.log.error({ err: error, conversationId }, 'Chat event failed');
        events.error({
          message: isAppError(error) ? error.message : 'Internal server error',
          conversationId,
          ...(isAppError(error) ? { code: error.code, ...(error.field ? { field: error.field } : {}) } : {}),
        });
      });
    };
    // Questions and statements count against the sender's allowance before anything runs.
    const asked = (conversationId: string, work: () => Promise<unknown>) =>
      run(conversationId, async () => {
        await limitAsks(user);
        return work();
      });

    onClientEvent(
      socket,
      'ask',
      ({ conversationId, text }) =>
        asked(conversationId, () =>
          sendMessage(deps, { user, conversationId, text, kind: 'question', events }),
        ),
      refuse,
    );
    onClientEvent(
      socket,
      'query',
      ({ conversationId, sql }) =>
        asked(conversationId, () =>
          sendMessage(deps, { user, conversationId, text: sql, kind: 'sql', events }),
        ),
      refuse,
    );
    onClientEvent(
      socket,
      'regenerateFromMessage',
      ({ conversationId, messageId, content }) =>
        asked(conversationId, () =>
          regenerateFromMessage(deps, { user, conversationId, messageId, content: content ?? null, events }),
        ),
      refuse,
    );
    onClientEvent(
      socket,
      'stop',
      ({ conversationId }) =>
        run(conversationId, () => stopConversation(deps, { user, conversationId, events })),
      refuse,
    );
    for (const [name, decision] of [
      ['confirmWriteOperation', 'confirmed'],
      ['rejectWriteOperation', 'rejected'],
    ] as const) {
      onClientEvent(
        socket,
        name,
        ({ conversationId, queryId }) =>
          run(conversationId, () => decideWrite(deps, { user, conversationId, queryId, decision, events })),
        refuse,
      );
    }
  });
}
