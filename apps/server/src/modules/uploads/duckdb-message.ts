/** DuckDB's message of a thrown value. */
export function rawDuckdbMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const MAX_LENGTH = 600;

/**
 * DuckDB's reason, for a person who uploaded a file: without the advice about reader options
 * they cannot set, the echo of our SQL, or the server's temporary path (shown as the file name).
 */
export function duckdbReason(error: unknown, tempPath: string, fileName: string): string {
  let message = rawDuckdbMessage(error).replaceAll(tempPath, fileName);
  for (const marker of ['\nPossible fixes:', '\nLINE ', '\n  file = ']) {
    const at = message.indexOf(marker);
    if (at >= 0) message = message.slice(0, at);
  }
  message = message
    .replace(/^[A-Za-z ]*Error: /, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' — ');
  return message.length > MAX_LENGTH ? `${message.slice(0, MAX_LENGTH)}…` : message;
}

export function isConversionError(error: unknown): boolean {
  return /Conversion Error|Could not convert|Could not parse/i.test(rawDuckdbMessage(error));
}

export function isSnifferError(error: unknown): boolean {
  return /Error when sniffing file|not possible to automatically detect/i.test(rawDuckdbMessage(error));
}

export function isEncodingError(error: unknown): boolean {
  return /Invalid unicode|byte sequence mismatch/i.test(rawDuckdbMessage(error));
}

export function isLockError(error: unknown): boolean {
  return /Could not set lock|Conflicting lock/i.test(rawDuckdbMessage(error));
}
