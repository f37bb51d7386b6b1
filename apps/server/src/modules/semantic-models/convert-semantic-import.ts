import type { SemanticImportFormat, SemanticImportWarning, SemanticModel } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { DbtSemanticInput } from '../../semantic/interchange/dbt-semantic-source.ts';
import { DbtSemanticInputError } from '../../semantic/interchange/dbt-semantic-source.ts';
import { importDbtSemanticLayer } from '../../semantic/interchange/import-dbt-semantic-layer.ts';
import { importOsiYaml } from '../../semantic/interchange/import-osi-yaml.ts';
import { OsiInputError } from '../../semantic/interchange/osi-document.ts';

/**
 * What a person sends to import: one file's text, or (dbt) several files of a project. The
 * contract lets through exactly one of `content` and `files`, and `files` for dbt only.
 */
export interface SemanticImportInput {
  format: SemanticImportFormat;
  content?: string | undefined;
  files?: readonly { name: string; content: string }[] | undefined;
}

export interface ConvertedImport {
  model: SemanticModel;
  warnings: SemanticImportWarning[];
}

function badInput(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { field });
}

/** JSON artifacts (semantic_manifest.json, manifest.json) start with an object; anything else is read as YAML. */
function parsedJson(text: string): unknown {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A YAML flow mapping also starts with "{": the YAML reader says where it is wrong.
    return undefined;
  }
}

/** The converter's input from the request, each file's path the request field it came from. */
function dbtInput(input: SemanticImportInput): DbtSemanticInput {
  if (input.files === undefined) {
    if (input.content === undefined) throw badInput('content', 'content is required');
    const artifact = parsedJson(input.content);
    return artifact === undefined ? { yaml: [{ path: 'content', text: input.content }] } : { artifact };
  }
  let artifact: unknown;
  const yaml: { path: string; text: string }[] = [];
  input.files.forEach((file, index) => {
    const isJson = file.name.toLowerCase().endsWith('.json');
    const json = isJson ? parsedJson(file.content) : undefined;
    if (isJson && json === undefined) throw badInput(`files[${index}]`, `${file.name} is not valid JSON`);
    if (json === undefined) {
      yaml.push({ path: `files[${index}]`, text: file.content });
    } else if (artifact === undefined) {
      artifact = json;
    } else {
      throw badInput(
        `files[${index}]`,
        `${file.name}: send one dbt artifact (semantic_manifest.json) at a time`,
      );
    }
  });
  return { ...(artifact === undefined ? {} : { artifact }), yaml };
}

/** "files[2]: line 3, column 5" → the name the person knows the file by, for the message. */
function fileNameOf(input: SemanticImportInput, field: string): string | null {
  const match = /^files\[(\d+)\]/.exec(field);
  if (!match) return null;
  return input.files?.[Number(match[1])]?.name ?? null;
}

/**
 * Converts an imported file with the interchange converters. A file they cannot read is a 400
 * naming where: `content: line 12, column 3`, `files[1]: line 4, column 1`, `content:
 * semantic_model[0].datasets[1].source` (the converter's path under the request's field).
 */
export function convertSemanticImport(input: SemanticImportInput): ConvertedImport {
  if (input.format === 'osi' && input.content === undefined) {
    throw badInput('content', 'An OSI import is one file: send its text as content');
  }
  try {
    const imported =
      input.format === 'osi' ? importOsiYaml(input.content ?? '') : importDbtSemanticLayer(dbtInput(input));
    return { model: imported.model, warnings: imported.warnings };
  } catch (error) {
    if (error instanceof OsiInputError) {
      throw badInput(`content: ${error.field}`, `The OSI file could not be read: ${error.message}`);
    }
    if (error instanceof DbtSemanticInputError) {
      // A YAML file's error already starts with its request field; an artifact's names its part.
      const field =
        error.field.startsWith('content') || error.field.startsWith('files[')
          ? error.field
          : `${input.files === undefined ? 'content' : 'files'}: ${error.field}`;
      const name = fileNameOf(input, field);
      throw badInput(field, `The dbt ${name === null ? 'file' : name} could not be read: ${error.message}`);
    }
    throw error;
  }
}
