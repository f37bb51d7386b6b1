import type { ChatEvents } from '../modules/conversations/chat-events.ts';
import type { MessageRecord } from '../modules/conversations/messages.repo.ts';
import { deleteMessage, insertMessage } from '../modules/conversations/messages.repo.ts';
import { changeMessage } from '../modules/conversations/store-message.ts';
import type { StoreDb } from '../store/connect.ts';
import { keepKnownReferences } from './references.ts';

export interface AnswerWriter {
  /** A piece of text of one text block; the block's message is stored on its first piece. */
  write(blockId: string, delta: string): Promise<void>;
  /** Stores the whole text of a block and sends the message. */
  finish(blockId: string): Promise<void>;
  /** Finishes every open block (the step ended, failed or was stopped). */
  finishAll(): Promise<void>;
}

/**
 * Streams the model's text to the chat while storing it: the message exists (empty) before its
 * first chunk is sent, and holds the whole text when `response` follows. A stopped answer keeps
 * what was written.
 */
export function createAnswerWriter(input: {
  db: StoreDb;
  events: ChatEvents;
  conversationId: string;
  known: () => ReadonlySet<string>;
}): AnswerWriter {
  const open = new Map<string, { record: MessageRecord; text: string }>();

  const deleteOne = async (record: MessageRecord) => {
    await deleteMessage(input.db, record.id);
    input.events.deleted(record.id);
  };

  const finish = async (blockId: string) => {
    const block = open.get(blockId);
    if (!block) return;
    open.delete(blockId);
    const content = keepKnownReferences(block.text, input.known()).trim();
    if (content === '') {
      // Blank text (some models send a newline before a tool call) is not worth a message.
      await deleteOne(block.record);
      return;
    }
    await changeMessage(input.db, input.events, block.record.id, { content });
  };

  return {
    async write(blockId, delta) {
      if (delta === '') return;
      let block = open.get(blockId);
      if (!block) {
        const record = await insertMessage(input.db, {
          conversationId: input.conversationId,
          role: 'assistant',
          content: '',
        });
        block = { record, text: '' };
        open.set(blockId, block);
      }
      block.text += delta;
      input.events.chunk({ conversationId: input.conversationId, messageId: block.record.id, delta });
    },
    finish,
    async finishAll() {
      for (const blockId of [...open.keys()]) await finish(blockId);
    },
  };
}
