import type { Rule } from 'eslint';
import { isInside, onEachImport, packageOf } from './import-sources.ts';

/** Server folders above the connectors: they call connectors, never the other way round. */
const above = ['store', 'modules', 'agent', 'realtime', 'http', 'auth'].map(
  (name) => `apps/server/src/${name}`,
);

/** A connector talks to its engine and nothing else of Querent's. */
export const connectorsStandAlone: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Connectors import neither the store, modules, agent, realtime, http nor auth.' },
    schema: [],
    messages: {
      above:
        'A connector does not import {{specifier}}: it is given what it needs (details, limits, a signal) by its caller, modules/sql-runs or modules/databases.',
    },
  },
  create(context) {
    return onEachImport(context, ({ specifier, target, node }) => {
      const reaches =
        target === null
          ? packageOf(specifier) === 'kysely'
          : above.some((folder) => isInside(target, folder) || target === folder);
      if (reaches) context.report({ node, messageId: 'above', data: { specifier } });
    });
  },
};
