import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from './conversations.ts';

/** One argument of a socket event: its name (the field a refusal names) and its schema. */
export type SocketArgument = readonly [name: string, schema: z.ZodType];
type ArgumentList = readonly SocketArgument[];

/**
 * An event the browser sends: its arguments in the order they are sent, the optional ones last.
 * The server checks every payload against `payload` before anything runs.
 */
export interface ClientEvent<R extends ArgumentList = ArgumentList, O extends ArgumentList = ArgumentList> {
  summary: string;
  required: R;
  optional: O;
  /** The arguments as one object keyed by their names, as the server reads them. */
  payload: ReturnType<typeof z.object<Shape<[...R, ...O]>>>;
}

type Shape<A extends ArgumentList> = { [P in A[number] as P[0]]: P[1] };
type Inputs<A extends ArgumentList> = { -readonly [I in keyof A]: z.input<A[I][1]> };

function clientEvent<const R extends ArgumentList, const O extends ArgumentList = readonly []>(
  summary: string,
  required: R,
  optional?: O,
): ClientEvent<R, O> {
  const rest = optional ?? ([] as unknown as O);
  // The shape is built from the same pairs the type is, so the cast only restates it.
  const shape = Object.fromEntries([...required, ...rest]) as Shape<[...R, ...O]>;
  return { summary, required, optional: rest, payload: z.object(shape) };
}

const conversationId = ['conversationId', z.string().min(1, 'must not be empty')] as const;
const messageText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_QUESTION_LENGTH, `must be at most ${MAX_QUESTION_LENGTH} characters`);

/** Every event the browser may send, declared once: the server validates each against it. */
export const clientEvents = {
  ask: clientEvent('A question for the analyst', [conversationId, ['text', messageText]]),
  query: clientEvent('SQL of the user’s own, run as it is', [conversationId, ['sql', messageText]]),
  regenerateFromMessage: clientEvent(
    'Answers again from a message; with content, the user’s message is edited first',
    [conversationId, ['messageId', z.string().min(1, 'must not be empty')]],
    [['content', messageText.nullish()]],
  ),
  stop: clientEvent('Stops the turn running in a conversation', [conversationId]),
  confirmWriteOperation: clientEvent('Lets a write the analyst proposed run', [
    conversationId,
    ['queryId', z.string().min(1, 'must not be empty')],
  ]),
  rejectWriteOperation: clientEvent('Refuses a write the analyst proposed', [
    conversationId,
    ['queryId', z.string().min(1, 'must not be empty')],
  ]),
} as const;

export type ClientEventName = keyof typeof clientEvents;

/** An event's checked arguments, by name. */
export type ClientEventPayload<K extends ClientEventName> = z.output<(typeof clientEvents)[K]['payload']>;

/** What the browser may send, typed from the declarations: the arguments in order. */
export type ClientToServerEvents = {
  [K in ClientEventName]: (
    ...args: [
      ...Inputs<(typeof clientEvents)[K]['required']>,
      ...Partial<Inputs<(typeof clientEvents)[K]['optional']>>,
    ]
  ) => void;
};
