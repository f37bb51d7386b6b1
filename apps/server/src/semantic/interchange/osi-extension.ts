import { type OsiAiContext, type OsiExtension, OsiInputError } from './osi-document.ts';

/*
 * What Querent knows beyond OSI (certification, owners, measures, metric types, filters, sample
 * values, grains, labels) travels in OSI's own extension mechanism: a `custom_extensions` entry
 * of the vendor COMMON (the spec's vendor list has no Querent, and COMMON is valid in every
 * version) whose JSON data holds a single `querent` object. Other vendors' entries are left alone.
 */

const vendor = 'COMMON';
const key = 'querent';

export function querentExtension(data: Record<string, unknown>): OsiExtension[] | undefined {
  const kept = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  if (Object.keys(kept).length === 0) return undefined;
  return [{ vendor_name: vendor, data: JSON.stringify({ [key]: kept }) }];
}

/** The `querent` object of an element's extensions, or null; an unreadable one is an error. */
export function readQuerentExtension(
  extensions: readonly OsiExtension[] | undefined,
  field: string,
): { data: Record<string, unknown> | null; others: OsiExtension[] } {
  let data: Record<string, unknown> | null = null;
  const others: OsiExtension[] = [];
  for (const extension of extensions ?? []) {
    let parsed: unknown = null;
    if (extension.vendor_name.toUpperCase() === vendor) {
      try {
        parsed = JSON.parse(extension.data);
      } catch {
        throw new OsiInputError(`${field}.custom_extensions`, `The ${vendor} extension's data is not JSON`);
      }
    }
    const value =
      parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[key] : undefined;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      data = value as Record<string, unknown>;
    } else {
      others.push(extension);
    }
  }
  return { data, others };
}

export function synonymsOf(context: OsiAiContext | undefined): string[] {
  return typeof context === 'object' ? (context.synonyms ?? []) : [];
}

/** The ai_context parts Querent has no place for, named for a warning. */
export function unkeptContext(context: OsiAiContext | undefined): string[] {
  if (context === undefined) return [];
  if (typeof context === 'string') return context.trim() === '' ? [] : ['ai_context'];
  return Object.entries(context)
    .filter(([name, value]) => name !== 'synonyms' && value !== undefined)
    .map(([name]) => `ai_context.${name}`);
}
