import type { Rule } from 'eslint';
import type { Expression, Node, PrivateIdentifier, SpreadElement } from 'estree';
import { roles } from '../apps/server/src/modules/access/access-words.ts';
import { isInside, lintedFile } from './import-sources.ts';

const access = 'apps/server/src/modules/access';
const roleNames: ReadonlySet<string> = new Set(roles);

/** Names that hold who owns or made something: `ownerId`, `owner_id`, `reviewConversationOwnerId`, `userId`… */
const ownerName =
  /^(?:owner|(?:[a-z][A-Za-z_]*)?(?:owner|Owner)(?:Id|_id)|user_?[iI]d|created_?[bB]y|creator_?[iI]d|author_?[iI]d)$/;

type Operand = Expression | PrivateIdentifier | SpreadElement;

/** The name an operand reads: `role` of `user.role` (or `user?.role`, `user.role!`), `ownerId` of `ownerId`. */
function nameOf(node: Operand): string | null {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    return node.property.name;
  }
  if (node.type === 'ChainExpression') return nameOf(node.expression);
  // TypeScript's `x!` is no ESTree node: read what it wraps.
  const wrapped = node as { type: string; expression?: Operand };
  if (wrapped.type === 'TSNonNullExpression' && wrapped.expression) return nameOf(wrapped.expression);
  return null;
}

function stringOf(node: Operand): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? null;
  return null;
}

/** `null`, `undefined` and `void 0`: asking whether a value is there, not whose it is. */
function isNothing(node: Operand): boolean {
  if (node.type === 'Literal' && node.value === null) return true;
  if (node.type === 'Identifier' && node.name === 'undefined') return true;
  return node.type === 'UnaryExpression' && node.operator === 'void';
}

const isRoleLiteral = (node: Operand) => {
  const text = stringOf(node);
  return text !== null && roleNames.has(text);
};

/** `role`, `user.role`, `userRole`: a role, whatever holds it. */
const isRoleReference = (node: Operand) => {
  const name = nameOf(node);
  return name !== null && (name === 'role' || /[a-z]Role$/.test(name));
};

const isOwnerReference = (node: Operand) => {
  const name = nameOf(node);
  return name !== null && ownerName.test(name);
};

/** Whether comparing these two decides who may do something by role or by ownership. */
function decidesAccess(left: Operand, right: Operand): 'role' | 'owner' | null {
  if (isRoleLiteral(left) || isRoleLiteral(right)) return 'role';
  for (const [side, other] of [
    [left, right],
    [right, left],
  ] as const) {
    if (isNothing(other)) continue;
    // A message's role ('user', 'assistant', 'function') is no person's role.
    if (isRoleReference(side) && stringOf(other) === null) return 'role';
    if (isOwnerReference(side) && stringOf(other) === null) return 'owner';
  }
  return null;
}

const comparisons = new Set(['===', '!==', '==', '!=']);

/**
 * Who may do what is decided in one place, the policy of `modules/access` (the role table, `can`,
 * `authorize`, `relationOf`): server code outside it compares neither roles nor owners, so no rule
 * of access lives where the table and docs/ACCESS.md cannot see it.
 */
export const accessThroughPolicy: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Role and owner comparisons live in apps/server/src/modules/access only.' },
    schema: [],
    messages: {
      role: 'Ask the policy (modules/access: can, authorize, or a helper there) instead of comparing roles here.',
      owner: 'Ask the policy (modules/access: can, authorize, relationOf) instead of comparing owners here.',
    },
  },
  create(context) {
    if (isInside(lintedFile(context), access)) return {};
    const report = (node: Node, kind: 'role' | 'owner') => context.report({ node, messageId: kind });
    return {
      BinaryExpression(node) {
        if (!comparisons.has(node.operator)) return;
        const kind = decidesAccess(node.left, node.right);
        if (kind !== null) report(node, kind);
      },
      SwitchStatement(node) {
        if (!isRoleReference(node.discriminant)) return;
        for (const branch of node.cases) {
          if (branch.test && isRoleLiteral(branch.test)) report(branch, 'role');
        }
      },
      CallExpression(node) {
        // `['admin', 'member'].includes(user.role)` is a comparison too.
        const { callee } = node;
        const argument = node.arguments[0];
        if (
          callee.type === 'MemberExpression' &&
          nameOf(callee) === 'includes' &&
          argument !== undefined &&
          (isRoleReference(argument) || isOwnerReference(argument))
        ) {
          report(node, isRoleReference(argument) ? 'role' : 'owner');
        }
      },
    };
  },
};
