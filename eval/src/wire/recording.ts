import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/*
 * Recorded wire exchanges with a model provider: for each case, the requests the server sent (as
 * fingerprints) and the responses it got (as sent, byte for byte). Ids Querent makes anew on every
 * run (query ids, shown to the model and embedded in its answer) are numbered placeholders, so a
 * replay compares what matters and hands the model's answer this run's ids.
 */

export interface RecordedExchange {
  case: string;
  /** Position among the case's requests. */
  step: number;
  method: string;
  path: string;
  /** Fingerprint of the whole request body, ids replaced. */
  request: string;
  /** Fingerprints of the request's parts, to say which one changed. */
  parts: Record<string, string>;
  response: { status: number; contentType: string; body: string };
}

export interface Recording {
  provider: string;
  model: string;
  /** The path the provider's base URL had ("/v1"): requests go to it plus the SDK's own path. */
  basePath: string;
  /** LLM_CONTEXT_TOKENS when it was recorded: the window shapes every request, so replay uses it too. */
  contextTokens?: number;
  /** How it was recorded: the command, and what answered (a provider, or the local oracle). */
  recordedWith: string;
  exchanges: RecordedExchange[];
}

const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** The body with each distinct id replaced by `<id:n>` in order of appearance, and the ids found. */
export function withPlaceholders(body: string): { text: string; ids: string[] } {
  const ids: string[] = [];
  const text = body.replace(uuid, (id) => {
    const lower = id.toLowerCase();
    let index = ids.indexOf(lower);
    if (index === -1) index = ids.push(lower) - 1;
    return `<id:${index + 1}>`;
  });
  return { text, ids };
}

/** Puts this run's ids where a recorded response has placeholders. */
export function fillPlaceholders(text: string, ids: readonly string[]): string {
  return text.replace(/<id:(\d+)>/g, (whole, n: string) => ids[Number(n) - 1] ?? whole);
}

/** Replaces the ids a request showed by their placeholders in the response to it. */
export function placeholdersIn(text: string, ids: readonly string[]): string {
  let result = text;
  ids.forEach((id, index) => {
    result = result.replace(new RegExp(id, 'gi'), `<id:${index + 1}>`);
  });
  return result;
}

const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The request's fingerprint and its parts' (instructions, tools, each message…), ids replaced. */
export function fingerprintRequest(body: string): {
  request: string;
  parts: Record<string, string>;
  ids: string[];
} {
  const { text, ids } = withPlaceholders(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { request: fingerprint(text), parts: {}, ids };
  }
  const parts: Record<string, string> = {};
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(value) && (key === 'messages' || key === 'input')) {
        value.forEach((item, index) => {
          parts[`${key}[${index}]`] = fingerprint(item);
        });
        parts[`${key}.length`] = String(value.length);
      } else {
        parts[key] = fingerprint(value);
      }
    }
  }
  return { request: fingerprint(parsed), parts, ids };
}

/** The parts that differ, in words: "system, messages[3]". */
export function changedParts(recorded: Record<string, string>, now: Record<string, string>): string {
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(now)])];
  const changed = keys.filter((key) => recorded[key] !== now[key]);
  return changed.length === 0 ? 'the order of its fields' : changed.join(', ');
}

export function readRecording(file: string): Recording {
  if (!existsSync(file)) throw new Error(`No recording at ${file}: record one with --mode record.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Recording;
}

export function writeRecording(file: string, recording: Recording): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(recording, null, 1)}\n`);
}
