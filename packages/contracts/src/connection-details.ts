import { z } from 'zod';
import {
  type ConnectionField,
  type Engine,
  type EngineDescriptor,
  engineDescriptors,
  engines,
} from './engines/index.ts';

/*
 * The connection details of each engine, checked the same way by the server and the setup forms,
 * derived from the fields and sign-in rules its descriptor declares. Missing optional text may be
 * null or empty; ports fall back to the field's default. Unknown keys are dropped.
 */

export const engineSchema = z.enum(engines);

// Messages follow the field name: the server answers `details.host is required`.
const required = () => z.string({ error: 'is required' }).trim().min(1, 'is required');

const optionalText = z.string().nullish();

// Secrets keep their spaces: a password may begin or end with one.
const requiredSecret = () =>
  z.string({ error: 'is required' }).refine((value) => value !== '', 'is required');

function port(fallback: number) {
  const message = 'must be a port number from 1 to 65535';
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? fallback : Number(value.trim());
    },
    z.number({ error: message }).int(message).min(1, message).max(65535, message),
  );
}

/** A JSON document as text; one uploaded as a file may arrive parsed, and is stored as text too. */
function jsonText(text: z.ZodType<string>, check: NonNullable<ConnectionField['json']>) {
  return z.preprocess(
    (value) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value),
    text.refine((value) => {
      try {
        return check.accepts(JSON.parse(value));
      } catch {
        return false;
      }
    }, check.message),
  );
}

function fieldSchema(field: ConnectionField, checkedByRule: boolean): z.ZodType {
  if (field.input === 'port') return port(Number(field.default));
  if (!field.required || checkedByRule) return optionalText;
  const text = field.secret ? requiredSecret() : required();
  return field.json ? jsonText(text, field.json) : text;
}

/** Whether a field holds a value: a secret counts as typed, other text once trimmed. */
function isGiven(value: unknown, field: ConnectionField | undefined): boolean {
  if (typeof value !== 'string') return false;
  return field?.secret ? value !== '' : value.trim() !== '';
}

function detailsSchema(engine: EngineDescriptor): z.ZodType<Record<string, unknown>> {
  const ruled = new Set(engine.signIn.flatMap((rule) => rule.oneOf.flat()));
  const fields = new Map(engine.fields.map((field) => [field.name, field]));
  const shape = Object.fromEntries(
    engine.fields.map((field) => [field.name, fieldSchema(field, ruled.has(field.name))]),
  );
  const object = z.object(shape);
  if (engine.signIn.length === 0) return object;
  return object.superRefine((details, ctx) => {
    for (const rule of engine.signIn) {
      const missing = rule.oneOf.map((group) =>
        group.filter((name) => !isGiven(details[name], fields.get(name))),
      );
      if (missing.some((names) => names.length === 0)) continue;
      for (const name of missing[0] ?? [])
        ctx.addIssue({ code: 'custom', path: [name], message: rule.message });
    }
  });
}

export const connectionDetailsSchemas = /* @__PURE__ */ Object.fromEntries(
  engines.map((engine) => [engine, detailsSchema(engineDescriptors[engine])]),
) as Record<Engine, z.ZodType<Record<string, unknown>>>;

/** A stored or returned detail value: secrets are masked in every response. */
export const detailValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const connectionDetailsSchema = z.record(z.string(), detailValueSchema);
export type ConnectionDetails = z.infer<typeof connectionDetailsSchema>;
