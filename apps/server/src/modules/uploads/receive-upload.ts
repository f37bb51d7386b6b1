import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { kindFromName } from './file-kind.ts';
import type { ReceivedFile } from './upload-file.ts';
import { multipartError, tooLargeMessage } from './upload-errors.ts';

export interface ReceivedUpload {
  file: ReceivedFile;
  fields: { databaseId: string | null; tableName: string | null };
}

type FilePart = Extract<Multipart, { type: 'file' }>;

const MAX_FIELD_BYTES = 1024;

/**
 * Copies a part to `sink`. A failure of the sink (the disk) is ours and goes on as it is; any other
 * is the parser's verdict on the body (a part cut short) and becomes a 4xx.
 */
async function copyPart(part: FilePart, sink: Writable, maxBytes: number): Promise<void> {
  // A pipeline destroys every stream with the first error, so the sink's own failure is the one
  // it raises while the part is still sound.
  let diskError: unknown;
  sink.once('error', (error) => {
    if (part.file.errored === null) diskError = error;
  });
  try {
    await pipeline(part.file, sink);
  } catch (error) {
    throw diskError !== undefined && error === diskError ? error : multipartError(error, maxBytes);
  }
}

/** Reads a part nobody wants to its end, so the request can finish and be answered. */
async function discard(part: FilePart, maxBytes: number): Promise<void> {
  await copyPart(part, new Writable({ write: (_chunk, _encoding, done) => done() }), maxBytes);
}

/** Browsers send a bare name; some clients send a path, of which only the last part is the name. */
function cleanFileName(raw: string): string {
  return path.basename(raw.replaceAll('\\', '/')).trim();
}

function fieldText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

async function saveFile(part: FilePart, target: string, maxBytes: number): Promise<ReceivedFile> {
  const name = cleanFileName(part.filename);
  if (name === '') {
    await discard(part, maxBytes);
    throw new AppError('BAD_REQUEST', 'The file has no name', { field: 'file' });
  }
  try {
    // Fail before storing anything when the name already says it cannot be loaded.
    kindFromName(name);
  } catch (error) {
    await discard(part, maxBytes);
    throw error;
  }
  await copyPart(part, createWriteStream(target), maxBytes);
  // busboy stops at the limit and marks the stream truncated; the rest of the request is discarded.
  if (part.file.truncated) {
    await rm(target, { force: true });
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(name, maxBytes), { field: 'file' });
  }
  return { path: target, name, size: (await stat(target)).size };
}

/** The next part, or null at the end; whatever the parser raises is about the body it was sent. */
async function nextPart(parts: AsyncIterator<Multipart>, maxBytes: number): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done === true ? null : next.value;
  } catch (error) {
    throw multipartError(error, maxBytes);
  }
}

/**
 * Streams the multipart body to a temporary file (never into memory) and collects the small form
 * fields, in whatever order they come. On failure the temporary file is already gone; on success
 * the caller removes it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { tempDir: string; maxBytes: number },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data, in a field named "file"',
    );
  }
  const { maxBytes } = options;
  await mkdir(options.tempDir, { recursive: true });
  const target = path.join(options.tempDir, `${randomUUID()}.upload`);
  let file: ReceivedFile | null = null;
  const fields: ReceivedUpload['fields'] = { databaseId: null, tableName: null };
  try {
    const limits = { fileSize: maxBytes, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 12 };
    const parts = request.parts({ limits })[Symbol.asyncIterator]();
    for (let part = await nextPart(parts, maxBytes); part !== null; part = await nextPart(parts, maxBytes)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await discard(part, maxBytes);
          throw new AppError('BAD_REQUEST', 'Send the file in a field named "file"', { field: 'file' });
        }
        file = await saveFile(part, target, maxBytes);
      } else if (part.fieldname === 'databaseId' || part.fieldname === 'tableName') {
        fields[part.fieldname] = fieldText(part.value);
      }
    }
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  if (file === null) {
    throw new AppError('BAD_REQUEST', 'Choose a file to upload (form field "file")', { field: 'file' });
  }
  return { file, fields };
}
