import type { ClientEventName, ClientEventPayload, SocketErrorEvent } from '@querent/contracts';
import { clientEvents } from '@querent/contracts';
import type { QuerentSocket } from './socket-types.ts';

/** What a client that asked for an acknowledgement is told: the refusal, or null once accepted. */
type Ack = (answer: SocketErrorEvent | null) => void;

export type ClientEventReading<K extends ClientEventName> =
  | { ok: true; payload: ClientEventPayload<K> }
  | { ok: false; refusal: SocketErrorEvent };

function refusal(message: string, field: string, conversationId: string | null): SocketErrorEvent {
  return { message, conversationId, code: 'BAD_REQUEST', field };
}

/**
 * Checks an event's arguments, as sent, against its declaration: each argument is named, so a
 * refusal names the one at fault. The conversation it names, when that argument is sound, goes
 * with the refusal so the web app can stop waiting on it.
 */
export function readClientEvent<K extends ClientEventName>(
  name: K,
  args: readonly unknown[],
): ClientEventReading<K> {
  const event = clientEvents[name];
  const names = [...event.required, ...event.optional].map(([argument]) => argument);
  const payload: Record<string, unknown> = {};
  names.forEach((argument, index) => {
    if (index < args.length) payload[argument] = args[index];
  });
  const sent = payload.conversationId;
  if (args.length > names.length) {
    const id = typeof sent === 'string' && sent !== '' ? sent : null;
    return {
      ok: false,
      refusal: refusal(`Too many arguments: ${name} takes ${names.join(', ')}`, 'arguments', id),
    };
  }
  const parsed = event.payload.safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data as ClientEventPayload<K> };
  const issue = parsed.error.issues[0];
  const field = (issue?.path ?? []).map(String).join('.') || 'arguments';
  const badId = parsed.error.issues.some((each) => each.path[0] === 'conversationId');
  const id = !badId && typeof sent === 'string' ? sent : null;
  return { ok: false, refusal: refusal(`Invalid ${field}: ${issue?.message ?? 'invalid value'}`, field, id) };
}

/** Socket.IO hands an acknowledgement the client asked for as the last argument. */
function splitAck(args: unknown[]): { args: unknown[]; ack: Ack | null } {
  const last = args.at(-1);
  if (typeof last !== 'function') return { args, ack: null };
  return { args: args.slice(0, -1), ack: (answer) => (last as (answer: unknown) => void)(answer) };
}

/**
 * Handles one declared event: `handle` gets its checked arguments by name, and only those;
 * anything else is refused through `refuse` (the socket's `error` event) before any work.
 */
export function onClientEvent<K extends ClientEventName>(
  socket: QuerentSocket,
  name: K,
  handle: (payload: ClientEventPayload<K>) => void,
  refuse: (event: SocketErrorEvent) => void,
): void {
  const listener = (...raw: unknown[]) => {
    const { args, ack } = splitAck(raw);
    const reading = readClientEvent(name, args);
    if (!reading.ok) {
      refuse(reading.refusal);
      ack?.(reading.refusal);
      return;
    }
    ack?.(null);
    handle(reading.payload);
  };
  // Every declared event takes the same untyped listener: the arguments are checked above.
  socket.on<ClientEventName>(name, listener);
}

/** An event no declaration names (`error` from a client included) is refused like bad input. */
export function refuseUnknownEvents(socket: QuerentSocket, refuse: (event: SocketErrorEvent) => void): void {
  socket.onAny((event: unknown, ...raw: unknown[]) => {
    if (typeof event === 'string' && Object.hasOwn(clientEvents, event)) return;
    const { ack } = splitAck(raw);
    const unknown = refusal(`Unknown event ${JSON.stringify(String(event)).slice(0, 200)}`, 'event', null);
    refuse(unknown);
    ack?.(unknown);
  });
}
