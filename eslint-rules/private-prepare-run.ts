import type { Rule } from 'eslint';
import { isInside, lintedFile, onEachImport } from './import-sources.ts';

const sqlRuns = 'apps/server/src/modules/sql-runs';

/** The run policy has one home: every SQL path goes through runSql or streamSql. */
export const privatePrepareRun: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'prepareRun is imported only inside modules/sql-runs.' },
    schema: [],
    messages: {
      private: 'Run SQL through runSql or streamSql (modules/sql-runs), not prepareRun.',
    },
  },
  create(context) {
    const file = lintedFile(context);
    return onEachImport(context, ({ target, node }) => {
      if (target === null || !/^apps\/server\/src\/modules\/sql-runs\/prepare-run(\.ts)?$/.test(target))
        return;
      if (!isInside(file, sqlRuns)) context.report({ node, messageId: 'private' });
    });
  },
};
