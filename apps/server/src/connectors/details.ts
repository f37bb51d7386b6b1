import { detailDefaults, type Engine } from '@querent/contracts';
import type { ConnectionDetails } from './connector.ts';
import { ConnectorError } from './connector-error.ts';

/** A detail as text; blank and missing both mean "not given". */
export function textDetail(details: ConnectionDetails, key: string): string | null {
  const value = details[key];
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A detail as text, with the value the engine uses when the user leaves it blank. */
export function textDetailOr(details: ConnectionDetails, key: string, fallback: string): string {
  return textDetail(details, key) ?? fallback;
}

/** Passwords keep their spaces: only a missing one is "not given". */
export function secretDetail(details: ConnectionDetails, key: string): string | undefined {
  const value = details[key];
  return value === null || value === undefined ? undefined : String(value);
}

/** The `port` detail as a number; a blank one is the engine's default port. */
export function portDetail(details: ConnectionDetails, engine: Engine): number {
  const text = textDetail(details, 'port');
  if (text === null) return Number(detailDefaults(engine).port);
  const port = Number(text);
  if (Number.isInteger(port) && port > 0 && port < 65536) return port;
  throw new ConnectorError(
    'unreachable',
    `Port ${text} is not a port number — use a number from 1 to 65535.`,
  );
}
