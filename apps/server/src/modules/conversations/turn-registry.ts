import type { WriteDecision } from '../../agent/agent-port.ts';

interface Waiting {
  resolve(decision: WriteDecision): void;
  reject(reason: unknown): void;
}

/** Why a wait ended: the turn's abort reason, as an Error. */
function stopped(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('The turn was stopped');
}

/** A turn answering on this instance: how to stop it and the writes it waits on. */
export class LiveTurn {
  readonly conversationId: string;
  readonly ownerId: string;
  /** Set once the work is over and its end is being recorded: the lease is no longer renewed. */
  ending = false;
  readonly #controller = new AbortController();
  readonly #waiting = new Map<string, Waiting>();

  constructor(conversationId: string, ownerId: string) {
    this.conversationId = conversationId;
    this.ownerId = ownerId;
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * Starts waiting for the user's decision on a write. Registered before the card is shown, so a
   * quick answer is never missed; a stop ends the wait.
   */
  expectDecision(queryId: string): Promise<WriteDecision> {
    return new Promise<WriteDecision>((resolve, reject) => {
      if (this.signal.aborted) {
        reject(stopped(this.signal));
        return;
      }
      const onAbort = () => {
        this.#waiting.delete(queryId);
        reject(stopped(this.signal));
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(queryId, {
        resolve: (decision) => {
          this.signal.removeEventListener('abort', onAbort);
          this.#waiting.delete(queryId);
          resolve(decision);
        },
        reject,
      });
    });
  }

  /** The user's decision; false when this turn waits for no such write. */
  decide(queryId: string, decision: WriteDecision): boolean {
    const waiting = this.#waiting.get(queryId);
    if (!waiting) return false;
    waiting.resolve(decision);
    return true;
  }

  abort(): void {
    this.#controller.abort();
  }
}

/**
 * The turns running on this instance, by conversation. A stop or a write decision that arrives
 * elsewhere is relayed here through the Socket.IO adapter (realtime/turn-relay.ts).
 */
export class TurnRegistry {
  readonly #turns = new Map<string, LiveTurn>();
  #idle: (() => void)[] = [];

  start(conversationId: string, ownerId: string): LiveTurn {
    const turn = new LiveTurn(conversationId, ownerId);
    this.#turns.set(conversationId, turn);
    return turn;
  }

  get(conversationId: string): LiveTurn | null {
    return this.#turns.get(conversationId) ?? null;
  }

  /** The turn has finished, its end recorded and said. */
  end(turn: LiveTurn): void {
    if (this.#turns.get(turn.conversationId) === turn) this.#turns.delete(turn.conversationId);
    if (this.#turns.size === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Stops a turn running here; false when none is. */
  abort(conversationId: string): boolean {
    const turn = this.#turns.get(conversationId);
    turn?.abort();
    return turn !== undefined;
  }

  decide(conversationId: string, queryId: string, decision: WriteDecision): boolean {
    return this.#turns.get(conversationId)?.decide(queryId, decision) ?? false;
  }

  /** On shutdown: every turn stops and cancels its SQL; resolves once they have all ended. */
  async stopAll(): Promise<void> {
    if (this.#turns.size === 0) return;
    const idle = new Promise<void>((resolve) => this.#idle.push(resolve));
    for (const turn of this.#turns.values()) turn.abort();
    await idle;
  }

  get size(): number {
    return this.#turns.size;
  }

  /** The turns running here whose work is not over. */
  running(): LiveTurn[] {
    return [...this.#turns.values()].filter((turn) => !turn.ending);
  }
}
