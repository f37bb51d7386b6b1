import { PassThrough } from 'node:stream';
import { parse } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { CopyDataTap } from '../../src/connectors/postgres/copy-data-tap.ts';

/*
 * The tap that reads a COPY's rows off the socket in place of pg's parser: with pg's real parser
 * (pg-protocol) on a stream, a COPY's answer arrives cut at every possible place; the rows come
 * to the tap, every other message to pg's parser whole and in order, and after ReadyForQuery the
 * parser alone reads the socket again.
 */

function frame(code: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(payload.length + 4, 1);
  return Buffer.concat([header, payload]);
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const copyOutResponse = frame('H', Buffer.from([0, 0, 2, 0, 0, 0, 0]));
const row = (text: string) => frame('d', Buffer.from(text, 'utf8'));
const copyDone = frame('c', Buffer.alloc(0));
const commandComplete = frame('C', cString('COPY 3'));
const readyForQuery = frame('Z', Buffer.from('I', 'latin1'));
const notice = frame(
  'N',
  Buffer.concat([Buffer.from('S'), cString('NOTICE'), Buffer.from('M'), cString('hi'), Buffer.from([0])]),
);
const answer = Buffer.concat([
  copyOutResponse,
  row('1,plain\n'),
  notice,
  row('2,"a,b"\n'),
  row('3,é\n'),
  copyDone,
  commandComplete,
  readyForQuery,
]);
// What pg's parser reads on the socket after the COPY: the next query's answer.
const after = Buffer.concat([frame('C', cString('SELECT 0')), readyForQuery]);

/** Waits for the stream to deliver what was written: a listener added mid-stream resumes it on a later tick. */
async function delivered(pgMessages: string[], count: number) {
  for (let turn = 0; turn < 50 && pgMessages.length < count; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function tapped() {
  const socket = new PassThrough();
  const pgMessages: string[] = [];
  void parse(socket, (message) => pgMessages.push(message.name));
  const pgListener = socket.listeners('data')[0];
  const rows: string[] = [];
  const tap = new CopyDataTap(socket, (bytes, start, end) => rows.push(bytes.toString('utf8', start, end)));
  return { socket, pgMessages, pgListener, rows, attached: tap.attach() };
}

describe('the COPY data tap', () => {
  it('takes the rows and hands every other message to pg in order, however the bytes are cut', async () => {
    const whole = Buffer.concat([answer, after]);
    for (let cut = 0; cut <= whole.length; cut += 1) {
      const { socket, pgMessages, pgListener, rows, attached } = tapped();
      expect(attached).toBe(true);
      // Fresh buffers, as a socket gives: pg's parser may write into one it holds part of.
      socket.write(Buffer.from(whole.subarray(0, cut)));
      socket.write(Buffer.from(whole.subarray(cut)));
      await delivered(pgMessages, 7);
      expect(rows, `cut at ${cut}`).toEqual(['1,plain\n', '2,"a,b"\n', '3,é\n']);
      expect(pgMessages, `cut at ${cut}`).toEqual([
        'copyOutResponse',
        'notice',
        'copyDone',
        'commandComplete',
        'readyForQuery',
        'commandComplete',
        'readyForQuery',
      ]);
      // pg's own listener reads the socket again, alone.
      expect(socket.listeners('data')).toEqual([pgListener]);
    }
  });

  it('reads byte by byte as well', async () => {
    const { socket, pgMessages, rows } = tapped();
    for (const byte of answer) socket.write(Buffer.from([byte]));
    await delivered(pgMessages, 5);
    expect(rows).toEqual(['1,plain\n', '2,"a,b"\n', '3,é\n']);
    expect(pgMessages.at(-1)).toBe('readyForQuery');
  });

  it('leaves a socket with another set of listeners to pg', () => {
    const socket = new PassThrough();
    void parse(socket, () => undefined);
    const other = () => undefined;
    socket.on('data', other);
    const tap = new CopyDataTap(socket, () => undefined);
    expect(tap.attach()).toBe(false);
    expect(socket.listeners('data')).toHaveLength(2);
    expect(socket.listeners('data')).toContain(other);
  });
});
