import type { AgentPort } from './agent-port.ts';
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
  port: Pick<AgentPort, 'startAnswer' | 'streamAnswer' | 'finishAnswer' | 'dropAnswer'>;
  known: () => ReadonlySet<string>;
}): AnswerWriter {
  const { port } = input;
  const open = new Map<string, { messageId: string; text: string }>();

  const finish = async (blockId: string) => {
    const block = open.get(blockId);
    if (!block) return;
    open.delete(blockId);
    const content = keepKnownReferences(block.text, input.known()).trim();
    if (content === '') {
      // Blank text (some models send a newline before a tool call) is not worth a message.
      await port.dropAnswer(block.messageId);
      return;
    }
    await port.finishAnswer(block.messageId, content);
  };

  return {
    async write(blockId, delta) {
      if (delta === '') return;
      let block = open.get(blockId);
      if (!block) {
        block = { messageId: await port.startAnswer(), text: '' };
        open.set(blockId, block);
      }
      block.text += delta;
      port.streamAnswer(block.messageId, delta);
    },
    finish,
    async finishAll() {
      for (const blockId of [...open.keys()]) await finish(blockId);
    },
  };
}
