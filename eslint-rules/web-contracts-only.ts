import type { Rule } from 'eslint';
import { isInside, onEachImport, packageOf } from './import-sources.ts';

const web = 'apps/web';

/**
 * The browser gets the web app's own code, its npm dependencies and @querent/contracts: no other
 * workspace, nothing of the server, and not zod, which would weigh on every page load.
 */
export const webContractsOnly: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'apps/web imports its own files, npm packages but zod, and @querent/contracts.' },
    schema: [],
    messages: {
      workspace:
        'apps/web shares code with the rest of Querent through @querent/contracts only, not {{specifier}}: move what both need into packages/contracts.',
      zod: 'apps/web does not bundle zod: use `import type` for shapes, and plain values (consts, functions) from @querent/contracts.',
      outside:
        'apps/web imports nothing outside its folder ({{specifier}}): move what both need into packages/contracts and import it from @querent/contracts.',
    },
  },
  create(context) {
    return onEachImport(context, ({ specifier, target, node }) => {
      if (target !== null) {
        if (target !== web && !isInside(target, web))
          context.report({ node, messageId: 'outside', data: { specifier } });
        return;
      }
      const name = packageOf(specifier);
      if (name === 'zod') context.report({ node, messageId: 'zod' });
      else if (name.startsWith('@querent/') && name !== '@querent/contracts') {
        context.report({ node, messageId: 'workspace', data: { specifier } });
      }
    });
  },
};
