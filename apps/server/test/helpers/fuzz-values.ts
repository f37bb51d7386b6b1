import { z } from 'zod';
import type { SeededRandom } from '../../src/demo/seeded-random.ts';

/**
 * Values a careless or hostile client sends, drawn from a seeded generator so a failing run can be
 * replayed: wrong types, odd unicode, huge and empty strings, numbers at the edges, deep nesting,
 * and values shaped by a schema but broken in one place.
 */

const huge = 'x'.repeat(200_000);

/** Strings that have broken parsers, queries, paths and encoders elsewhere. */
export const oddStrings: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%E0%A4%A',
  '%',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301',
  '\u200B\u200C\u200D\uFEFF',
  '🦆'.repeat(50),
  'ℌ𝔢𝔩𝔩𝔬 𝕨𝕠𝕣𝕝𝕕',
  '１２３',
  'İıſK',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'database-',
  'project-',
  'database-../../x',
  'a'.repeat(5000),
];

export const oddNumbers: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
];

export function oddString(random: SeededRandom): string {
  return random.chance(0.03) ? huge : random.pick(oddStrings);
}

/** Any JSON value, of any type, nested up to `depth`. */
export function junkValue(random: SeededRandom, depth = 3): unknown {
  const kind = random.weighted([
    ['string', 5],
    ['number', 3],
    ['boolean', 1],
    ['null', 1],
    ['array', depth > 0 ? 2 : 0],
    ['object', depth > 0 ? 2 : 0],
    ['deep', depth > 0 ? 0.3 : 0],
  ] as const);
  switch (kind) {
    case 'string':
      return oddString(random);
    case 'number':
      return random.pick(oddNumbers);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: random.int(0, 4) }, () => junkValue(random, depth - 1));
    case 'object':
      return Object.fromEntries(
        Array.from({ length: random.int(0, 4) }, () => [
          oddString(random).slice(0, 40),
          junkValue(random, depth - 1),
        ]),
      );
    case 'deep': {
      let value: unknown = oddString(random);
      for (let level = 0; level < 2000; level++) value = random.chance(0.5) ? [value] : { a: value };
      return value;
    }
  }
}

/** The JSON Schema of a zod schema as a client fills it in; null when it has none. */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (schema === undefined) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** What the generator knows beyond the schema: values that name real things, by the field's name. */
export interface FuzzContext {
  random: SeededRandom;
  /**
   * A sound value for a text field of this name (an id of a real object for `databaseId` or `id`,
   * a real engine for `engine`, ...), or null to make one up.
   */
  knownValue(field: string): string | null;
  /** How often each value is broken on purpose. */
  breakRate: number;
  /** The schema the `$ref`s point into. */
  root: JsonSchema;
}

function resolve(schema: JsonSchema, context: FuzzContext): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return context.root.$defs?.[name] ?? {};
}

function soundString(schema: JsonSchema, field: string, context: FuzzContext): string {
  const { random } = context;
  const known = context.knownValue(field);
  if (known !== null) return known;
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 60);
  const words = ['orders', 'SELECT 1', 'Sales', 'name', 'x', 'Ünïcödé', 'a b c'];
  const text = random.pick(words);
  return text.length >= min && text.length <= max
    ? text
    : 'y'.repeat(Math.max(min, 1)).slice(0, Math.max(max, 1));
}

/**
 * A value the schema mostly accepts, each part broken with probability `breakRate`: a wrong type,
 * an odd string, a field dropped or one added. `field` is the name it will go under.
 */
export function valueFromSchema(given: JsonSchema, field: string, context: FuzzContext, depth = 0): unknown {
  const { random } = context;
  // The whole value is never junk: other requests send that.
  if (depth > 6 || (depth > 0 && random.chance(context.breakRate))) return junkValue(random, 2);
  const schema = resolve(given, context);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined && choices.length > 0)
    return valueFromSchema(random.pick(choices), field, context, depth + 1);
  if (schema.allOf !== undefined && schema.allOf.length > 0) {
    return valueFromSchema(schema.allOf[0] ?? {}, field, context, depth + 1);
  }
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(name) ?? false;
        // A required field is left out now and then; an optional one about half the time.
        if (random.chance(required ? context.breakRate / 2 : 0.5)) continue;
        result[name] = valueFromSchema(property, name, context, depth + 1);
      }
      if (random.chance(context.breakRate)) result[oddString(random).slice(0, 30)] = junkValue(random, 1);
      return result;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const length = random.int(min, Math.min(schema.maxItems ?? min + 3, min + 3));
      return Array.from({ length }, () => valueFromSchema(schema.items ?? {}, field, context, depth + 1));
    }
    case 'string':
      return soundString(schema, field, context);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 1000;
      return type === 'integer' ? random.int(Math.ceil(min), Math.floor(Math.min(max, min + 1000))) : min;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return junkValue(random, 2);
  }
}
