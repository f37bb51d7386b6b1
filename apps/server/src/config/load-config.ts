import type { Setting } from './setting.ts';
import type { DeriveContext, SettingGroup, Settings } from './setting-group.ts';
import { settingGroups } from './settings/index.ts';

type Derived<G> = G extends SettingGroup<Settings, infer C> ? C : never;
// Turns the union of the groups' parts into one type that has all their fields.
type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer W) => void ? W : never;

/** The configuration the rest of the server reads: every group's part, typed by its declarations. */
export type AppConfig = Merged<Derived<(typeof settingGroups)[number]>>;

/** Shows what was given without printing a password into logs. */
function describeValue(declared: Setting<unknown>, value: string | undefined): string {
  if (value === undefined) return 'unset';
  if (declared.exposure === 'hidden') return `${value.length} characters, hidden`;
  if (declared.exposure === 'shown') return `"${value}"`;
  try {
    const parsed = new URL(value);
    if (!parsed.password) return `"${value}"`;
    parsed.password = '***';
    return `"${parsed.toString()}"`;
  } catch {
    return `"${value.replace(/:[^:@/]*@/, ':***@')}"`;
  }
}

/** Reads one group's variables, then derives its part of the config unless one of them was refused. */
function loadGroup(
  group: SettingGroup<Settings, unknown>,
  source: NodeJS.ProcessEnv,
  context: DeriveContext,
): unknown {
  const values: Record<string, unknown> = {};
  let refused = false;
  for (const [field, declared] of Object.entries(group.settings)) {
    const given = source[declared.name];
    // An empty variable (`PORT=`) means "use the default", as most deployment tools write unset values that way.
    const trimmed = given?.trim() ?? '';
    if (trimmed === '') {
      values[field] = declared.fallback;
      continue;
    }
    const reading = declared.read(trimmed);
    if (reading.ok) {
      values[field] = reading.value;
    } else {
      refused = true;
      context.report(`${declared.name} ${reading.problem} (got ${describeValue(declared, given)})`);
    }
  }
  // A rule across several variables is judged only on values that were all accepted.
  return refused ? null : group.derive(values, context);
}

/**
 * The only reader of the environment. Throws one error naming every bad variable, so an operator
 * fixes the configuration in one pass instead of one restart per mistake.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const context: DeriveContext = { cwd, report: (problem) => problems.push(problem) };
  const parts = settingGroups.map((group) => loadGroup(group, source, context));
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  // Each part was derived by its group, so together they are the AppConfig the groups declare.
  return Object.assign({}, ...parts) as AppConfig;
}

/** The names the loader reads, so a test can hold the configuration table (docs/CONFIGURATION.md) to them. */
export const configVariables: readonly string[] = settingGroups.flatMap((group) =>
  Object.values<Setting<unknown>>(group.settings).map((declared) => declared.name),
);
