/*
 * One configuration variable, declared once: its name, how its text becomes a value (or why it is
 * refused), its value when unset, its line in the configuration table (docs/CONFIGURATION.md), and
 * how much of it an error message may show. Everything else (the typed config, the table, the error text) is derived.
 */

/** What a setting makes of the text it was given: a value, or why that text is refused. */
export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * How much of a bad value an error message may print: all of it, all but the password a URL may
 * carry (a proxy's user:pass@), or nothing beyond its length.
 */
export type Exposure = 'shown' | 'password-in-url' | 'hidden';

export interface Setting<T> {
  /** The environment variable. */
  readonly name: string;
  /** Reads the variable's text, already trimmed and never empty. */
  readonly read: (text: string) => Reading<T>;
  /** The value when the variable is unset, empty or blank. */
  readonly fallback: T;
  /** The configuration table's default cell and meaning cell. */
  readonly doc: { readonly default: string; readonly description: string };
  readonly exposure: Exposure;
}

export const accept = <T>(value: T): Reading<T> => ({ ok: true, value });
export const refuse = (problem: string): Reading<never> => ({ ok: false, problem });

interface Documented {
  name: string;
  description: string;
  /** The configuration table's default cell when the fallback alone does not say it (a path resolved later, a choice made from other variables). */
  shownDefault?: string;
}

function describeDefault(name: string, fallback: unknown, shownDefault: string | undefined): string {
  if (shownDefault !== undefined) return shownDefault;
  if (fallback === null) return '(unset)';
  if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean') {
    return String(fallback);
  }
  throw new Error(`${name}: a default that is not plain text, a number or a flag needs a shownDefault`);
}

/** A setting with its own reader; the helpers below are the common cases. */
export function setting<const T>(
  options: Documented & { default: T; read: (text: string) => Reading<T> },
): Setting<T> {
  return {
    name: options.name,
    read: options.read,
    fallback: options.default,
    doc: {
      default: describeDefault(options.name, options.default, options.shownDefault),
      description: options.description,
    },
    exposure: 'shown',
  };
}

/** A whole-value secret (a key, a token): a bad value is reported by its length alone. */
export function secret<T>(declared: Setting<T>): Setting<T> {
  return { ...declared, exposure: 'hidden' };
}

/** Any text; null when unset unless a default is given. */
export function text(options: Documented & { default: string }): Setting<string>;
export function text(options: Documented): Setting<string | null>;
export function text(options: Documented & { default?: string }): Setting<string | null> {
  return setting({ ...options, default: options.default ?? null, read: accept });
}

function readInteger(min: number, max: number): (value: string) => Reading<number> {
  return (value) => {
    const parsed = Number(value);
    return /^\d+$/.test(value) && parsed >= min && parsed <= max
      ? accept(parsed)
      : refuse(`must be an integer between ${min} and ${max}`);
  };
}

/** A whole number within bounds; the bounds are in the message. */
export function integer(
  options: Documented & { min: number; max: number; default: number },
): Setting<number> {
  return setting({ ...options, read: readInteger(options.min, options.max) });
}

/** A whole number within bounds, or null when unset: its default depends on other settings. */
export function optionalInteger(
  options: Documented & { min: number; max: number; shownDefault: string },
): Setting<number | null> {
  return setting<number | null>({ ...options, default: null, read: readInteger(options.min, options.max) });
}

/** true/false, also written 1/0, in any case. */
export function flag(options: Documented & { default: boolean }): Setting<boolean> {
  return setting({
    ...options,
    read: (value) => {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === '1') return accept(true);
      if (lower === 'false' || lower === '0') return accept(false);
      return refuse('must be true or false');
    },
  });
}

/** One of a fixed list of words. */
export function oneOf<const V extends string>(
  options: Documented & { values: readonly V[]; default: V },
): Setting<V>;
export function oneOf<const V extends string>(
  options: Documented & { values: readonly V[] },
): Setting<V | null>;
export function oneOf<const V extends string>(
  options: Documented & { values: readonly V[]; default?: V },
): Setting<V | null> {
  const { values } = options;
  const isValue = (value: string): value is V => (values as readonly string[]).includes(value);
  return setting<V | null>({
    ...options,
    default: options.default ?? null,
    read: (value) => (isValue(value) ? accept(value) : refuse(`must be one of ${values.join(', ')}`)),
  });
}

/**
 * A URL with one of the given protocols (each with its colon, as `URL.protocol` has it); `check`
 * may refuse more. Unset is null. Its password, if any, is never printed.
 */
export function url(
  options: Documented & {
    protocols: readonly string[];
    message: string;
    check?: (parsed: URL) => string | null;
  },
): Setting<string | null> {
  const { protocols, message, check } = options;
  const declared = setting<string | null>({
    ...options,
    default: null,
    read: (value) => {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        return refuse(message);
      }
      if (!protocols.includes(parsed.protocol)) return refuse(message);
      const problem = check?.(parsed) ?? null;
      return problem === null ? accept(value) : refuse(problem);
    },
  });
  return { ...declared, exposure: 'password-in-url' };
}
