import { type ConnectorError, cancelledError, timeoutError } from './connector-error.ts';

export type StopReason = 'timeout' | 'cancelled';

export interface QueryControlOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /**
   * Extra time before our own timer fires, for engines whose server enforces the limit itself
   * (PostgreSQL statement_timeout): the server's error is clearer, our timer is the backstop.
   */
  timerSlackMs?: number;
  /** How long after a stop the database may take to give the statement back before we give up on it. */
  graceMs?: number;
}

/**
 * One statement's time limit and abort signal. When either fires, it runs the engine's canceller
 * (which stops the statement in the database); if the database does not answer within the grace
 * period, `race` gives up so a dead connection can never hang a request.
 */
export class QueryControl {
  readonly timeoutMs: number;
  #reason: StopReason | null = null;
  #canceller: (() => Promise<void>) | null = null;
  #cancelling: Promise<void> | null = null;
  #hardStopped = false;
  #hardStopTimer: NodeJS.Timeout | undefined;
  /** Rejects the waits in progress when we give up; each removes itself once settled. */
  readonly #hardStopWaiters = new Set<(error: ConnectorError) => void>();
  readonly #giveUpListeners: (() => void)[] = [];
  /** Waits in progress: with none (a stream nobody reads), a stop need not wait for the database. */
  #racing = 0;
  readonly #timer: NodeJS.Timeout;
  readonly #signal: AbortSignal | undefined;
  readonly #graceMs: number;
  readonly #onAbort = (): void => this.stop('cancelled');

  constructor(options: QueryControlOptions) {
    this.timeoutMs = options.timeoutMs;
    this.#graceMs = options.graceMs ?? 5000;
    this.#signal = options.signal;
    this.#timer = setTimeout(() => this.stop('timeout'), options.timeoutMs + (options.timerSlackMs ?? 0));
    this.#timer.unref();
    if (this.#signal?.aborted) this.#reason = 'cancelled';
    else this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  get reason(): StopReason | null {
    return this.#reason;
  }

  /** True once we gave up waiting for the database: the connection must be destroyed, not reused. */
  get hardStopped(): boolean {
    return this.#hardStopped;
  }

  /** True once a stop asked the database to cancel: the connection may receive a late cancel. */
  get cancelRequested(): boolean {
    return this.#cancelling !== null;
  }

  /** Throws the stop error when the query was stopped before it could start. */
  throwIfStopped(): void {
    if (this.#reason) throw this.error();
  }

  /**
   * Registers how to stop the statement in the database while it runs; null once it settled.
   * A stop that came earlier runs it at once.
   */
  setCanceller(canceller: (() => Promise<void>) | null): void {
    this.#canceller = canceller;
    if (canceller && this.#reason && !this.#cancelling) this.#startCancel();
  }

  stop(reason: StopReason): void {
    if (this.#reason) return;
    this.#reason = reason;
    if (this.#canceller) {
      this.#startCancel();
      if (this.#racing === 0) this.#giveUp();
    } else {
      // Nothing we could cancel runs (waiting for a connection, setting one up): stop waiting at once.
      this.#giveUp();
    }
  }

  #startCancel(): void {
    const canceller = this.#canceller;
    if (!canceller) return;
    this.#cancelling = canceller().catch(() => undefined);
    this.#hardStopTimer = setTimeout(() => {
      this.#giveUp();
    }, this.#graceMs);
    this.#hardStopTimer.unref();
  }

  #giveUp(): void {
    if (this.#hardStopped) return;
    this.#hardStopped = true;
    const error = this.error();
    for (const reject of this.#hardStopWaiters) reject(error);
    this.#hardStopWaiters.clear();
    for (const listener of this.#giveUpListeners.splice(0)) listener();
  }

  /**
   * Runs `listener` when we give up on the database. A stream nobody reads any more uses it to
   * free its connection instead of holding it forever.
   */
  onGiveUp(listener: () => void): void {
    if (this.#hardStopped) listener();
    else this.#giveUpListeners.push(listener);
  }

  /** Waits for `work`, unless the database ignores a cancel for longer than the grace period. */
  async race<T>(work: Promise<T>): Promise<T> {
    if (this.#hardStopped) throw this.error();
    // A fresh stop promise per wait, dropped when the wait ends. Racing against one long-lived
    // promise would keep every result ever raced (each batch of a stream) reachable from it.
    let rejectWait: (error: ConnectorError) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      rejectWait = reject;
    });
    this.#hardStopWaiters.add(rejectWait);
    this.#racing += 1;
    try {
      return await Promise.race([work, stopped]);
    } finally {
      this.#racing -= 1;
      this.#hardStopWaiters.delete(rejectWait);
    }
  }

  /**
   * Like race, for taking a connection: one that arrives after we stopped waiting is handed to
   * `discard`, so a pool never loses it.
   */
  async take<T>(taking: Promise<T>, discard: (value: T) => void): Promise<T> {
    try {
      return await this.race(taking);
    } catch (error) {
      taking.then(discard, () => undefined);
      throw error;
    }
  }

  /** Waits until a cancel request in flight has reached the database, so it cannot hit a later statement. */
  async cancelSettled(): Promise<void> {
    await this.#cancelling;
  }

  /** The error for this stop; the driver's message is kept as the cause. */
  error(cause?: unknown): ConnectorError {
    return this.#reason === 'timeout' ? timeoutError(this.timeoutMs, cause) : cancelledError(cause);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#hardStopTimer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}
