import {
  engineDescriptors,
  isEngine,
  type LexicalRules,
  type SqlDialectDescriptor,
} from '@querent/contracts';
import type { ScanOptions } from './sql-scanner.ts';

/**
 * What the editor reads from an engine's SQL dialect: how the tokenizer finds quotes and
 * comments, how CodeMirror and sql-formatter read it, how names are quoted and which schema
 * unqualified names resolve to.
 */
export type EngineSyntax = Pick<SqlDialectDescriptor, 'identifiers' | 'defaultSchemas' | 'editor'> & {
  scan: ScanOptions;
};

/** The tokenizer's options from the dialect's lexical rules. */
function scanOptionsOf(lexical: LexicalRules): ScanOptions {
  return {
    backslashEscapes: lexical.backslashEscapes.byDefault,
    hashComments: lexical.hashComments,
    dollarQuotes: lexical.dollarQuotes,
    backtickIdentifiers: lexical.backticks,
  };
}

// No database chosen yet: plain standard SQL.
const standard: EngineSyntax = {
  scan: {},
  editor: { codemirror: 'StandardSQL', formatter: 'sql' },
  identifiers: { quote: '"', plain: /^[A-Za-z_][A-Za-z0-9_]*$/, folding: 'none' },
  defaultSchemas: [],
};

export function engineSyntax(engine: string | null | undefined): EngineSyntax {
  if (!engine || !isEngine(engine)) return standard;
  const { dialect } = engineDescriptors[engine];
  return { ...dialect, scan: scanOptionsOf(dialect.lexical) };
}
