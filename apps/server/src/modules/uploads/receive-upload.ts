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

export interface ReceivedUpload {
  file: ReceivedFile;
  fields: { databaseId: string | null; tableName: string | null };
}

const MAX_FIELD_BYTES = 1024;

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit] ?? 'bytes'}`;
}

/** The web app checks sizes with the same wording before sending a byte. */
export function tooLargeMessage(fileName: string, maxBytes: number): string {
  return `${fileName} is larger than the upload limit of ${formatBytes(maxBytes)}`;
}

/** Reads a part nobody wants to its end, so the request can finish and be answered. */
async function discard(part: Extract<Multipart, { type: 'file' }>): Promise<void> {
  await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
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

async function saveFile(
  part: Extract<Multipart, { type: 'file' }>,
  target: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  const name = cleanFileName(part.filename);
  if (name === '') {
    await discard(part);
    throw new AppError('BAD_REQUEST', 'The file has no name', { field: 'file' });
  }
  try {
    // Fail before storing anything when the name already says it cannot be loaded.
    kindFromName(name);
  } catch (error) {
    await discard(part);
    throw error;
  }
  await pipeline(part.file, createWriteStream(target));
  // busboy stops at the limit and marks the stream truncated; the rest of the request is discarded.
  if (part.file.truncated) {
    await rm(target, { force: true });
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(name, maxBytes), { field: 'file' });
  }
  return { path: target, name, size: (await stat(target)).size };
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
  await mkdir(options.tempDir, { recursive: true });
  const target = path.join(options.tempDir, `${randomUUID()}.upload`);
  let file: ReceivedFile | null = null;
  const fields: ReceivedUpload['fields'] = { databaseId: null, tableName: null };
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await discard(part);
          throw new AppError('BAD_REQUEST', 'Send the file in a field named "file"', { field: 'file' });
        }
        file = await saveFile(part, target, options.maxBytes);
      } else if (part.fieldname === 'databaseId' || part.fieldname === 'tableName') {
        fields[part.fieldname] = fieldText(part.value);
      }
    }
  } catch (error) {
    await rm(target, { force: true });
    throw toUploadError(error, options.maxBytes);
  }
  if (file === null) {
    throw new AppError('BAD_REQUEST', 'Choose a file to upload (form field "file")', { field: 'file' });
  }
  return { file, fields };
}

/** The multipart plugin's own errors, in the API's words. */
function toUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage('The file', maxBytes), { field: 'file' });
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', 'Upload one file at a time', { field: 'file' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'BAD_REQUEST',
        'Too many form fields: send "file", and optionally "databaseId" and "tableName"',
      );
    default:
      return error;
  }
}
