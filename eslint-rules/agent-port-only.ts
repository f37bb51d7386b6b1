import type { Rule } from 'eslint';
import { isInside, onEachImport, packageOf } from './import-sources.ts';

const server = 'apps/server/src';

/** What the analyst's code may not reach for: it is handed an AgentPort instead. */
function forbidden(specifier: string, target: string | null): string | null {
  if (target === null) return packageOf(specifier) === 'kysely' ? 'kysely' : null;
  if (/\.repo(\.ts)?$/.test(target)) return 'a repository';
  if (isInside(target, `${server}/store`)) return 'the store';
  if (isInside(target, `${server}/modules`)) return 'a module';
  return null;
}

/** The agent knows no tables and no module: the conversation gives it a port for each need. */
export const agentPortOnly: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The agent imports neither the store, kysely, a repository nor a module.' },
    schema: [],
    messages: {
      port: 'The agent does not import {{what}} ({{specifier}}): add what it needs to the AgentPort (agent/agent-port.ts) and let modules/conversations implement it.',
    },
  },
  create(context) {
    return onEachImport(context, ({ specifier, target, node }) => {
      const what = forbidden(specifier, target);
      if (what !== null) context.report({ node, messageId: 'port', data: { what, specifier } });
    });
  },
};
