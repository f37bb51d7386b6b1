import type { Rule } from 'eslint';
import { isInside, lintedFile, onEachImport } from './import-sources.ts';

/**
 * The folder a repository belongs to: its feature for `modules/<feature>/…`, otherwise the
 * top-level folder of the server it sits in (`auth` for the sessions' store).
 */
function ownerOf(repository: string): string {
  const match = /^(apps\/server\/src\/(?:modules\/[^/]+|[^/]+))\//.exec(repository);
  return match?.[1] ?? repository.slice(0, repository.lastIndexOf('/'));
}

/** A repository is its module's own: everyone else goes through the module's use cases. */
export const noForeignRepository: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'A `*.repo.ts` is imported only from inside its own module.' },
    schema: [],
    messages: {
      foreign:
        '{{repository}} belongs to {{owner}}: call one of its use cases instead, and take record types from its types files (a repository is its module’s own).',
    },
  },
  create(context) {
    const file = lintedFile(context);
    return onEachImport(context, ({ target, node }) => {
      if (target === null || !/\.repo(\.ts)?$/.test(target)) return;
      const owner = ownerOf(target);
      if (isInside(file, owner)) return;
      const shown = (where: string) => where.replace(/^apps\/server\/src\//, '');
      context.report({
        node,
        messageId: 'foreign',
        data: { repository: shown(target), owner: shown(owner) },
      });
    });
  },
};
