import { AppError } from '../../errors.ts';
import { formatBytes } from '../../http/format-bytes.ts';

/** The web app checks sizes with the same wording before sending a byte. */
export function tooLargeMessage(fileName: string, maxBytes: number): string {
  return `${fileName} is larger than the upload limit of ${formatBytes(maxBytes)}`;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the multipart parser found wrong with the body it was sent, in the API's words. Whatever
 * the parser raises is about the request (its framing, its limits, a client that went away), so
 * it is the caller's mistake: a 4xx naming it, never a 500.
 */
export function multipartError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
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
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', 'A form field may not be named after an object property', {
        field: 'body',
      });
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', 'The request was closed before the multipart body was complete', {
        field: 'body',
      });
    default:
      return new AppError('BAD_REQUEST', describeMalformed(messageOf(error)), { field: 'body' });
  }
}

// busboy's own errors carry no code, only these messages.
function describeMalformed(message: string): string {
  if (/boundary not found|boundary required/i.test(message)) {
    return 'The multipart/form-data content type has no boundary: send Content-Type: multipart/form-data; boundary=…';
  }
  if (/unexpected end|terminated early/i.test(message)) {
    return 'The multipart body ends before its closing boundary';
  }
  return `The multipart body is malformed: ${message}`;
}
