import type { Engine } from './index.ts';
import type { SqlDialectDescriptor } from './sql-dialect-descriptor.ts';

/*
 * Everything Querent knows about one engine, in one place: its name and look, the connection
 * details it asks for and how they are checked, the SQL dialect it speaks and how it is kept
 * read-only. Plain values only, no zod: the web app draws its forms from these at run time, and
 * the zod schemas of connection-details.ts are derived from them.
 */

/** How a connection detail is typed in: a line of text, a port number, a hidden secret or a block of text. */
export type FieldInput = 'text' | 'port' | 'password' | 'textarea';

export interface ConnectionField {
  /** The key in `details`, as stored and sent. */
  name: string;
  label: string;
  input: FieldInput;
  /** Credentials: encrypted at rest, masked in every response, and kept as typed (spaces included). */
  secret?: boolean;
  /**
   * Needed to connect: marked in the form and refused when blank, unless a sign-in rule names the
   * field, in which case the rule decides.
   */
  required?: boolean;
  /** What a blank field means (ports). */
  default?: string | number;
  placeholder?: string;
  help?: string;
  /** Part of another way to sign in (a key pair, a local file): folded away in the form, not in blank details. */
  alternative?: boolean;
  /** A path on the machine where Querent runs, which must never be Querent's own store. */
  localPath?: boolean;
  /** The value is a JSON document this accepts; one sent already parsed (an uploaded file) is kept as its text. */
  json?: { accepts(document: unknown): boolean; message: string };
}

/**
 * Two ways to sign in: the details must complete one of the groups of fields. When none is
 * complete, each missing field of the first group is named, followed by the message.
 */
export interface SignInRule {
  oneOf: readonly (readonly string[])[];
  message: string;
}

/** Lucide symbols the web app draws; brand logos are not ours to ship. */
export type EngineIconName = 'database' | 'fish' | 'snowflake' | 'feather' | 'cloud' | 'bird';

/** Tailwind colour families the web app tints an engine's symbol with. */
export type EngineTint = 'sky' | 'orange' | 'cyan' | 'blue' | 'indigo' | 'amber';

export interface EngineDescriptor {
  name: Engine;
  displayName: string;
  /** One line under the name in the engine picker. */
  summary: string;
  look: { icon: EngineIconName; tint: EngineTint };
  dialect: SqlDialectDescriptor;
  /** The connection details in form order; the non-alternative ones make blank details. */
  fields: readonly ConnectionField[];
  /** Rules across fields, checked after each field on its own. */
  signIn: readonly SignInRule[];
  /** The heading of the folded alternative fields, when there are any. */
  alternativesTitle?: string;
  /** How the database itself refuses writes in safe mode, besides the statement classifier. */
  readOnlyGuard: string;
}
