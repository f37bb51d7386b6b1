import type { StoreDb } from '../../store/connect.ts';
import type { MessageRecord } from './messages.repo.ts';
import { listMessages } from './messages.repo.ts';

/**
 * A conversation's messages as one turn sees them. The analyst reads its history before every
 * step; while the turn holds the conversation (conversations.claimTurn) only the turn itself
 * writes messages to it, so the history is read from the store once and then kept in step with
 * the turn's own writes, which tell it what they stored. A write it is not told of (the write
 * confirmation card) calls `forget`, and the next read goes to the store again.
 */
export class TurnHistory {
  readonly #db: StoreDb;
  readonly #conversationId: string;
  #records: Promise<MessageRecord[]> | null = null;

  constructor(db: StoreDb, conversationId: string) {
    this.#db = db;
    this.#conversationId = conversationId;
  }

  /** The messages in order, a copy the caller may keep. */
  async read(): Promise<readonly MessageRecord[]> {
    this.#records ??= listMessages(this.#db, this.#conversationId);
    const loaded = this.#records;
    // A failed read is not kept: the next one tries the store again.
    loaded.catch(() => {
      if (this.#records === loaded) this.#records = null;
    });
    return [...(await loaded)];
  }

  /** A message the turn stored; a read that already saw it keeps one copy. */
  added(record: MessageRecord): void {
    this.#change((records) => [...records.filter((kept) => kept.id !== record.id), record]);
  }

  /** A message the turn changed. */
  changed(record: MessageRecord): void {
    this.#change((records) => records.map((kept) => (kept.id === record.id ? record : kept)));
  }

  /** A message the turn deleted. */
  removed(id: string): void {
    this.#change((records) => records.filter((kept) => kept.id !== id));
  }

  /** The turn wrote something it did not describe: read from the store next time. */
  forget(): void {
    this.#records = null;
  }

  #change(apply: (records: MessageRecord[]) => MessageRecord[]): void {
    if (this.#records === null) return;
    // Positions are taken in the store as max + 1, so keeping the order by seq keeps theirs.
    this.#records = this.#records.then((records) => apply(records).sort((a, b) => a.seq - b.seq));
  }
}
