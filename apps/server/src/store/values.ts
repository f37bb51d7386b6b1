import { randomUUID } from 'node:crypto';

/*
 * Small conversions repositories use so the same code returns the same JS values on SQLite and
 * PostgreSQL. The driver layer (connect.ts) already makes timestamps ISO strings and JSON columns
 * text on both; what remains is reading booleans and encoding/decoding JSON.
 */

/** Every primary key is a text UUID, so ids never depend on the dialect's sequences. */
export function newId(): string {
  return randomUUID();
}

/** Timestamps are written as ISO-8601 UTC strings; they sort lexically on SQLite. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** SQLite has no boolean type and answers 0/1; PostgreSQL answers true/false. */
export function readBool(value: boolean | number | bigint | null | undefined): boolean {
  return value === true || value === 1 || value === 1n;
}

/** JSON columns are written as JSON text on both dialects (PostgreSQL casts it to jsonb). */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function toNullableJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Reads a JSON column; callers narrow the result (zod or a cast to the type they stored). */
export function parseJson(value: string): unknown {
  return JSON.parse(value);
}

export function parseNullableJson(value: string | null): unknown {
  return value === null ? null : parseJson(value);
}
