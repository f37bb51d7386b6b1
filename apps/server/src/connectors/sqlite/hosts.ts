import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostReply, HostRequest } from './protocol.ts';

// From the sources the host is its own .ts file beside this one; in the server bundle
// (scripts/server-bundle.ts) it is the bundle's entry sqlite-host.js, beside every chunk.
const hostScript = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './host.ts' : './sqlite-host.js', import.meta.url),
);

/** Raised when the host process died (killed by a cancel, or crashed) while a request waited. */
export class HostGoneError extends Error {}

/** One SQLite host process, answering one request at a time. */
export class SqliteHost {
  readonly #child: ChildProcess;
  readonly #ready: Promise<void>;
  #pending: { resolve: (reply: HostReply) => void; reject: (error: Error) => void } | null = null;
  #exited = false;
  #killing = false;

  constructor() {
    // Plain node on our own .ts file: the parent's flags (test runners, loaders) must not leak in.
    this.#child = fork(hostScript, [], {
      serialization: 'advanced',
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#pending = {
        resolve: () => {
          resolve();
        },
        reject,
      };
    });
    this.#ready.catch(() => undefined);
    this.#child.on('message', (reply: HostReply) => {
      const pending = this.#pending;
      this.#pending = null;
      pending?.resolve(reply);
    });
    this.#child.on('exit', (code, signal) => {
      this.#exited = true;
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(
        new HostGoneError(`The SQLite worker stopped (${signal ?? `exit code ${String(code)}`})`),
      );
    });
    this.#child.on('error', () => undefined);
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** False from the moment a kill was asked for, so a dying process is never handed out again. */
  get alive(): boolean {
    return !this.#exited && !this.#killing;
  }

  async request(request: HostRequest): Promise<HostReply> {
    await this.#ready;
    if (this.#exited) throw new HostGoneError('The SQLite worker stopped');
    return new Promise<HostReply>((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#child.send(request);
    });
  }

  /** Stops the process and whatever statement it runs, at once. */
  kill(): void {
    this.#killing = true;
    if (!this.#exited) this.#child.kill('SIGKILL');
  }

  /** Resolves once the process is gone, so a cancel can prove the statement stopped. */
  async killed(): Promise<void> {
    if (this.#exited) return;
    await new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
  }
}

/**
 * Host processes of one connector: idle ones are reused (a process start costs tens of ms),
 * at most `size` run at once, and idle ones stop after a while so an unused database costs nothing.
 */
export class SqliteHostPool {
  readonly #size: number;
  readonly #idleMs: number;
  readonly #idle: { host: SqliteHost; timer: NodeJS.Timeout }[] = [];
  readonly #busy = new Set<SqliteHost>();
  readonly #waiting: ((host: SqliteHost) => void)[] = [];
  #closed = false;

  constructor(size: number, idleMs = 30_000) {
    this.#size = Math.max(1, size);
    this.#idleMs = idleMs;
  }

  /** Pids of hosts running a statement now (for tests and diagnostics). */
  get busyPids(): number[] {
    return [...this.#busy].flatMap((host) => (host.pid === undefined ? [] : [host.pid]));
  }

  async acquire(): Promise<SqliteHost> {
    if (this.#closed) throw new Error('The SQLite connector is closed');
    const idle = this.#idle.pop();
    if (idle) {
      clearTimeout(idle.timer);
      if (idle.host.alive) return this.#take(idle.host);
    }
    if (this.#busy.size < this.#size) return this.#take(new SqliteHost());
    return new Promise<SqliteHost>((resolve) => this.#waiting.push(resolve));
  }

  /** Returns a host after its statement ended; a dead one frees its place for a new process. */
  release(host: SqliteHost): void {
    this.#busy.delete(host);
    const waiter = this.#waiting.shift();
    if (waiter) {
      waiter(this.#take(host.alive && !this.#closed ? host : new SqliteHost()));
      return;
    }
    if (!host.alive || this.#closed) {
      host.kill();
      return;
    }
    const timer = setTimeout(() => {
      const index = this.#idle.findIndex((entry) => entry.host === host);
      if (index >= 0) this.#idle.splice(index, 1);
      host.kill();
    }, this.#idleMs);
    timer.unref();
    this.#idle.push({ host, timer });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const hosts = [...this.#busy, ...this.#idle.map((entry) => entry.host)];
    for (const entry of this.#idle) clearTimeout(entry.timer);
    this.#idle.length = 0;
    for (const host of hosts) host.kill();
    await Promise.all(hosts.map((host) => host.killed()));
  }

  #take(host: SqliteHost): SqliteHost {
    this.#busy.add(host);
    return host;
  }
}
