import type { Setting } from './setting.ts';

/*
 * The settings of one concern, keyed by the config field each becomes, and how they turn into
 * that concern's part of the config. Without a derive step the fields are the values as read; a
 * derive step computes what depends on several of them (or on the working directory) and reports
 * rules that span several variables, e.g. "LLM_BASE_URL is required when LLM_PROVIDER is
 * openai-compatible".
 */

export type Settings = Record<string, Setting<unknown>>;

/** The values read for a group's settings, typed by their declarations. */
export type SettingValues<S extends Settings> = {
  -readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never;
};

export interface DeriveContext {
  /** What relative paths are resolved against. */
  cwd: string;
  /** Records a problem that involves several variables; loading then fails, naming it with the others. */
  report: (problem: string) => void;
}

export interface SettingGroup<S extends Settings, C> {
  readonly settings: S;
  // A method, not a function property, so every group also counts as a SettingGroup<Settings,
  // unknown>: the loader goes through them all alike.
  derive(values: SettingValues<S>, context: DeriveContext): C;
}

export function defineSettings<S extends Settings, C>(
  settings: S,
  derive: (values: SettingValues<S>, context: DeriveContext) => C,
): SettingGroup<S, C>;
export function defineSettings<S extends Settings>(settings: S): SettingGroup<S, SettingValues<S>>;
export function defineSettings<S extends Settings, C>(
  settings: S,
  derive?: (values: SettingValues<S>, context: DeriveContext) => C,
): SettingGroup<S, C | SettingValues<S>> {
  return { settings, derive: derive ?? ((values) => values) };
}
