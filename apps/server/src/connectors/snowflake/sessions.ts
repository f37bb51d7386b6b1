import type { Readable } from 'node:stream';
import type snowflake from 'snowflake-sdk';

/**
 * Logged-in Snowflake sessions, reused one statement at a time (the driver has no pool we could
 * bound per query). A login is a round trip plus key signing, so sessions are kept; one that ran
 * a session-changing statement or was given up on is destroyed instead.
 */

type Driver = typeof snowflake;
let driver: Promise<Driver> | null = null;

/**
 * The driver takes half a second to load and probes cloud metadata addresses when it does, so
 * it loads on the first Snowflake login rather than with the app.
 */
function loadDriver(): Promise<Driver> {
  driver ??= import('snowflake-sdk').then(({ default: sdk }) => {
    // It logs to a snowflake.log file in the working directory unless told otherwise; its errors
    // reach us through callbacks anyway.
    const quiet = (): void => undefined;
    sdk.configure({
      logLevel: 'ERROR',
      customLogger: { error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet },
    });
    return sdk;
  });
  return driver;
}

export type SnowflakeSession = snowflake.Connection;

export class SnowflakeSessions {
  readonly #idle: SnowflakeSession[] = [];
  readonly #waiters: ((session: SnowflakeSession | null) => void)[] = [];
  readonly #options: snowflake.ConnectionOptions;
  readonly #max: number;
  readonly #connectTimeoutMs: number;
  readonly #toConnectionError: (error: unknown) => Error;
  #open = 0;
  #closed = false;

  constructor(settings: {
    options: snowflake.ConnectionOptions;
    max: number;
    connectTimeoutMs: number;
    /** Turns a login failure into the error the user sees. */
    toConnectionError: (error: unknown) => Error;
  }) {
    this.#options = settings.options;
    this.#max = Math.max(1, settings.max);
    this.#connectTimeoutMs = settings.connectTimeoutMs;
    this.#toConnectionError = settings.toConnectionError;
  }

  /** An idle session, a new one while under the limit, or the next one released. */
  async acquire(): Promise<SnowflakeSession> {
    if (this.#closed) throw new Error('The Snowflake connector is closed');
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#open < this.#max) {
      this.#open += 1;
      try {
        return await this.#login();
      } catch (error) {
        this.#open -= 1;
        this.#wakeOne();
        throw error;
      }
    }
    const next = await new Promise<SnowflakeSession | null>((resolve) => this.#waiters.push(resolve));
    return next ?? this.acquire();
  }

  /** Gives a session back, or ends it when `discard` (or when the connector closed meanwhile). */
  release(session: SnowflakeSession, discard: boolean): void {
    if (discard || this.#closed || !session.isUp()) {
      this.#open -= 1;
      void destroy(session);
      this.#wakeOne();
      return;
    }
    const waiter = this.#waiters.shift();
    if (waiter) waiter(session);
    else this.#idle.push(session);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiters.splice(0)) waiter(null);
    const idle = this.#idle.splice(0);
    this.#open -= idle.length;
    await Promise.all(idle.map(destroy));
  }

  /** A waiter blocked on the limit may now open its own session. */
  #wakeOne(): void {
    this.#waiters.shift()?.(null);
  }

  async #login(): Promise<SnowflakeSession> {
    const sdk = await loadDriver();
    let session: SnowflakeSession;
    try {
      session = sdk.createConnection(this.#options);
    } catch (error) {
      // The driver checks its options (account name, key format) before any network call.
      throw this.#toConnectionError(error);
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(this.#toConnectionError(new Error(`login timed out after ${this.#connectTimeoutMs} ms`)));
      }, this.#connectTimeoutMs);
    });
    const loggedIn = new Promise<SnowflakeSession>((resolve, reject) => {
      session.connect((error) => {
        if (error) reject(this.#toConnectionError(error));
        else resolve(session);
      });
    });
    try {
      return await Promise.race([loggedIn, timedOut]);
    } catch (error) {
      // A login that answers late still ends its session instead of leaving it open.
      loggedIn.then(destroy, () => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function destroy(session: SnowflakeSession): Promise<void> {
  return new Promise((resolve) => {
    if (!session.isUp()) {
      resolve();
      return;
    }
    session.destroy(() => resolve());
  });
}

/** Reads up to `count` rows from the driver's row stream; fewer means the result ended. */
export function readRows(stream: Readable, count: number): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const rows: unknown[][] = [];
    const cleanup = (): void => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(rows);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    function onReadable(): void {
      while (rows.length < count) {
        const row = stream.read() as unknown[] | null;
        if (row === null) return;
        rows.push(row);
      }
      cleanup();
      resolve(rows);
    }
    if (stream.readableEnded) {
      resolve(rows);
      return;
    }
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
    onReadable();
  });
}
