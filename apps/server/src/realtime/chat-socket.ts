import type { LimitAsks } from '../auth/anonymous/ask-limit.ts';
import { isAppError } from '../errors.ts';
import type { ChatDeps } from '../modules/conversations/chat-deps.ts';
import type { ChatEvents } from '../modules/conversations/chat-events.ts';
import { regenerateFromMessage } from '../modules/conversations/regenerate-from-message.ts';
import { sendMessage } from '../modules/conversations/send-message.ts';
import { decideWrite } from '../modules/conversations/decide-write.ts';
import { stopConversation } from '../modules/conversations/stop-conversation.ts';
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
 * The chat's socket events. Each handler takes untyped arguments from the wire,
 * leaves the checks (ownership first) to the use case, and answers any refusal with `error`.
 */
export function registerChatHandlers(io: QuerentServer, deps: ChatDeps, limitAsks: LimitAsks): void {
  io.on('connection', (socket) => {
    const events = chatEvents(io, socket);
    const { user } = socket.data;

    const handle = (conversationId: unknown, work: (id: string) => Promise<unknown>) => {
      if (typeof conversationId !== 'string' || conversationId === '') {
        events.error({ message: 'Conversation not found', conversationId: null });
        return;
      }
      work(conversationId).catch((error: unknown) => {
        if (!isAppError(error)) deps.log.error({ err: error, conversationId }, 'Chat event failed');
        events.error({
          message: isAppError(error) ? error.message : 'Internal server error',
          conversationId,
          ...(isAppError(error) ? { code: error.code } : {}),
        });
      });
    };
    // Questions and statements count against the sender's allowance before anything runs.
    const asked = (conversationId: unknown, work: (id: string) => Promise<unknown>) =>
      handle(conversationId, async (id) => {
        await limitAsks(user);
        return work(id);
      });

    socket.on('ask', (conversationId, text) =>
      asked(conversationId, (id) =>
        sendMessage(deps, { user, conversationId: id, text, kind: 'question', events }),
      ),
    );
    socket.on('query', (conversationId, sql) =>
      asked(conversationId, (id) =>
        sendMessage(deps, { user, conversationId: id, text: sql, kind: 'sql', events }),
      ),
    );
    socket.on('regenerateFromMessage', (conversationId, messageId, content) =>
      asked(conversationId, (id) =>
        regenerateFromMessage(deps, { user, conversationId: id, messageId, content, events }),
      ),
    );
    socket.on('stop', (conversationId) =>
      handle(conversationId, (id) => stopConversation(deps, { user, conversationId: id, events })),
    );
    socket.on('confirmWriteOperation', (conversationId, queryId) =>
      handle(conversationId, (id) =>
        decideWrite(deps, { user, conversationId: id, queryId, decision: 'confirmed', events }),
      ),
    );
    socket.on('rejectWriteOperation', (conversationId, queryId) =>
      handle(conversationId, (id) =>
        decideWrite(deps, { user, conversationId: id, queryId, decision: 'rejected', events }),
      ),
    );
  });
}
