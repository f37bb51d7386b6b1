import type { ChatSession } from './chat-session.ts';
import { openChatSession } from './chat-session.ts';
import { databaseOfSet, registerDatabase } from './eval-database.ts';
import type { EvalServer } from './eval-server.ts';
import { startEvalServer } from './eval-server.ts';
import type { CaseResult, EvalRun, Prices } from './eval-run.ts';
import type { GoldenCase, GoldenSet } from './golden-set.ts';
import { caseNow } from './golden-set.ts';
import type { Meter } from './metered-model.ts';
import { meterModel } from './metered-model.ts';
import type { ModeSetup } from './modes/mode-setup.ts';
import { runCase } from './run-case.ts';
import { runSql } from './run-sql.ts';
import type { ScannedModel } from './scan-auto.ts';
import { runScanAuto } from './scan-auto.ts';

export interface RunInput {
  set: GoldenSet;
  setup: ModeSetup;
  /** The database to ask; the set's own when absent. */
  database?: string;
  /** Only these cases (all when absent). */
  only?: (entry: GoldenCase) => boolean;
  prices?: Prices | null;
  /** Longest wait for one case, all its turns together. */
  caseTimeoutMs?: number;
  onCase?: (result: CaseResult, index: number, total: number) => void;
  /** Run Scan auto once before the cases (offline mode: the offline analyst runs the scan). */
  scanAuto?: boolean;
}

/** Runs a golden set through a fresh server with the mode's model and returns what it measured. */
export async function runEvaluation(input: RunInput): Promise<EvalRun> {
  const { set, setup } = input;
  const spec =
    input.database ?? (set.database === undefined ? undefined : databaseOfSet(set.database, set.file));
  if (spec === undefined) throw new Error(`${set.file} names no database: give one with --database`);
  const started = new Date();
  // Filled in when the server loads its model.
  const loaded: { meter: Meter | null; name: string } = { meter: null, name: '' };
  let server: EvalServer | null = null;
  let chat: ChatSession | null = null;
  let completed = false;
  // Moved to each case's "now" before it is asked, so relative dates read the same on every run.
  const clock = { now: new Date(set.now) };
  try {
    server = await startEvalServer({
      env: setup.env,
      now: () => clock.now,
      async model(config) {
        const model = await setup.model(config);
        const metered = meterModel(model);
        loaded.name = `${model.provider}/${model.modelId}`;
        loaded.meter = metered.meter;
        return metered.model;
      },
    });
    const { baseUrl, config } = server;
    const database = await registerDatabase(server, spec);
    chat = await openChatSession(baseUrl);
    let scanned: ScannedModel | null = null;
    if (input.scanAuto) {
      if (setup.mode !== 'offline') throw new Error('--scan-auto needs --mode offline');
      scanned = await runScanAuto(baseUrl, chat, database, input.caseTimeoutMs ?? 180_000);
    }
    const { meter } = loaded;
    if (meter === null) throw new Error('The model was not loaded');
    const cases = set.cases.filter(input.only ?? (() => true));
    const results: CaseResult[] = [];
    for (const [index, entry] of cases.entries()) {
      clock.now = new Date(caseNow(set, entry));
      const result = await runCase(
        {
          baseUrl,
          database,
          chat,
          meter,
          setup,
          set,
          prices: input.prices ?? null,
          timeoutMs: input.caseTimeoutMs ?? 180_000,
          runSql: (sql) => runSql(baseUrl, database.id, sql),
        },
        entry,
      );
      results.push(result);
      input.onCase?.(result, index, cases.length);
    }
    completed = true;
    return {
      set: set.name,
      setFile: set.file,
      mode: setup.mode === 'live' && config.llm.provider === 'offline' ? 'offline' : setup.mode,
      model: loaded.name,
      database: { name: database.name, engine: database.engine, dialect: database.dialect },
      startedAt: started.toISOString(),
      durationMs: Date.now() - started.getTime(),
      ...(scanned === null ? {} : { scanned }),
      cases: results,
    };
  } finally {
    chat?.close();
    await server?.stop();
    await setup.finish(completed);
  }
}
