import path from 'node:path';

const MAX_LENGTH = 63;

/**
 * A name people can type in SQL without quotes: lowercase letters, digits and underscores, not
 * starting with a digit and not a reserved word. Empty when nothing usable is left.
 */
export function sanitizeTableName(raw: string, reserved: ReadonlySet<string>): string {
  let name = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') return '';
  if (/^[0-9]/.test(name)) name = `t_${name}`;
  name = name.slice(0, MAX_LENGTH).replace(/_+$/, '');
  if (reserved.has(name)) name = `${name}_table`;
  return name;
}

/** The table name a file suggests: its name without the extension. */
export function tableNameFromFile(fileName: string, reserved: ReadonlySet<string>): string {
  const base = path.basename(fileName, path.extname(fileName));
  return sanitizeTableName(base, reserved) || 'data';
}

/** `name`, or `name_2`, `name_3`… whichever is free; names compare case-insensitively as in SQL. */
export function uniqueTableName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((entry) => entry.toLowerCase()));
  if (!used.has(name)) return name;
  for (let suffix = 2; ; suffix += 1) {
    const tail = `_${suffix}`;
    const candidate = `${name.slice(0, MAX_LENGTH - tail.length)}${tail}`;
    if (!used.has(candidate)) return candidate;
  }
}
