/**
 * The socket a pg connection reads from: pg's parser is its one `data` listener.
 */
export interface DataSocket {
  listeners(event: 'data'): unknown[];
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  removeListener(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

type Listener = (chunk: Buffer) => void;

const headerBytes = 5;
const copyDataCode = 0x64; // 'd'
const readyForQueryCode = 0x5a; // 'Z'

/**
 * Reads a COPY … TO STDOUT's CopyData messages straight off the socket, one call per row with
 * the row's bytes as a range of the received chunk, and hands every other message to pg's own
 * parser, in order. pg parses each CopyData into a message object with a Buffer of its own and
 * an event, which cost more CPU than the rest of an export together (a million rows, a million of
 * each); here a row costs a read of its header. The tap stands in for pg's `data` listener from
 * the query's submission until ReadyForQuery, which pg gets after its listener is back, so the
 * next query's answer goes to pg alone. It starts on an idle connection, whose last message pg
 * has read whole, so pg's parser holds no part of a message: every byte goes to exactly one of
 * the two, whole messages each. (pg's parser writes into a buffer it holds part of a message in:
 * the only part it can hold is the chunk's rest after ReadyForQuery, which the tap no longer reads.)
 *
 * `attach` answers false, and leaves the socket alone, when it does not have the one listener pg
 * puts there (another driver version): the rows then come through pg's `handleCopyData`.
 */
export class CopyDataTap {
  readonly #socket: DataSocket;
  readonly #onRow: (bytes: Buffer, start: number, end: number) => void;
  #pgListener: Listener | null = null;
  #tapping = false;
  /**
   * The start of a message the last chunk cut, completed from the next one. Kept apart and
   * reused rather than joined to each chunk: a new 64 KB buffer per chunk made the collector
   * run longer than all the rest of an export.
   */
  #carry = Buffer.allocUnsafe(1024);
  #carried = 0;

  constructor(socket: DataSocket, onRow: (bytes: Buffer, start: number, end: number) => void) {
    this.#socket = socket;
    this.#onRow = onRow;
  }

  attach(): boolean {
    const listeners = this.#socket.listeners('data');
    const pgListener = listeners[0];
    if (listeners.length !== 1 || typeof pgListener !== 'function') return false;
    this.#pgListener = pgListener as Listener;
    // Swapped in one step: a flowing socket emitting with no listener would lose the bytes.
    this.#socket.removeListener('data', this.#pgListener);
    this.#socket.on('data', this.#read);
    this.#tapping = true;
    return true;
  }

  readonly #read = (chunk: Buffer): void => {
    let offset = 0;
    if (this.#carried > 0) {
      offset = this.#completeCarried(chunk);
      if (offset === -1) return;
    }
    while (this.#tapping && offset + headerBytes <= chunk.length) {
      const end = offset + 1 + chunk.readUInt32BE(offset + 1);
      if (end > chunk.length) break;
      this.#message(chunk, offset, end);
      offset = end;
    }
    if (offset === chunk.length) return;
    // After ReadyForQuery the rest is pg's; otherwise it is the start of the next message.
    if (this.#tapping) this.#keep(chunk, offset, chunk.length);
    else this.#pgListener?.(chunk.subarray(offset));
  };

  /** One whole message, `bytes[start, end)`. */
  #message(bytes: Buffer, start: number, end: number): void {
    const code = bytes[start];
    if (code === copyDataCode) {
      this.#onRow(bytes, start + headerBytes, end);
      return;
    }
    const pgListener = this.#pgListener;
    if (!pgListener) return;
    // pg's parser may hold on to what it is given, and the carry is reused: it gets a copy.
    const message =
      bytes === this.#carry ? Buffer.from(bytes.subarray(start, end)) : bytes.subarray(start, end);
    if (code === readyForQueryCode) {
      // pg's listener is back before it reads ReadyForQuery, which may send the next query.
      this.#tapping = false;
      this.#socket.removeListener('data', this.#read);
      this.#socket.on('data', pgListener);
    }
    pgListener(message);
  }

  /** Appends `bytes[start, end)` to the carried start of a message, growing the carry as needed. */
  #keep(bytes: Buffer, start: number, end: number): void {
    const needed = this.#carried + (end - start);
    if (needed > this.#carry.length) {
      const larger = Buffer.allocUnsafe(Math.max(needed, this.#carry.length * 2));
      larger.set(this.#carry.subarray(0, this.#carried));
      this.#carry = larger;
    }
    this.#carry.set(bytes.subarray(start, end), this.#carried);
    this.#carried = needed;
  }

  /**
   * Completes the carried message from the start of `chunk` and reads it; answers where the rest
   * of the chunk starts, or -1 when the chunk went whole into the carry (the message is longer).
   */
  #completeCarried(chunk: Buffer): number {
    let used = 0;
    if (this.#carried < headerBytes) {
      used = Math.min(headerBytes - this.#carried, chunk.length);
      this.#keep(chunk, 0, used);
      if (this.#carried < headerBytes) return -1;
    }
    const length = 1 + this.#carry.readUInt32BE(1);
    const missing = length - this.#carried;
    if (chunk.length - used < missing) {
      this.#keep(chunk, used, chunk.length);
      return -1;
    }
    this.#keep(chunk, used, used + missing);
    this.#carried = 0;
    this.#message(this.#carry, 0, length);
    return used + missing;
  }
}
