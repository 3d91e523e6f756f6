// A local ESLint rule: in the web app, a query key is written out only in the module that owns
// it: a feature's `api/` folder (its key factory and query options) or a shared query of lib/.
// Everywhere else a key comes from that factory (`tweetKeys.ofUser(id)`,
// `tweetQueries.pagesOfUser(id).queryKey`), so a feature never reaches into another's cache
// with a raw array the owner cannot see (docs/ARCHITECTURE.md §1, web).
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webSrc = path.join(repoRoot, 'apps/web/src');

/** The query client's methods whose first argument is one key. */
const keyTakingMethods = new Set([
  'setQueryData',
  'getQueryData',
  'getQueryState',
  'ensureQueryData',
]);

/** Whether a file may write query keys out: null when the rule does not apply to it. */
function mayWriteKeys(filename) {
  const rel = path.relative(webSrc, filename);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts[0] === 'features') return parts.length > 3 && parts[2] === 'api';
  return parts[0] === 'lib';
}

/** `[...]`, `[...] as const` or `[...] satisfies QueryKey`. */
function isArrayLiteral(node) {
  let inner = node;
  while (inner && (inner.type === 'TSAsExpression' || inner.type === 'TSSatisfiesExpression')) {
    inner = inner.expression;
  }
  return inner?.type === 'ArrayExpression';
}

const propertyName = (node) =>
  node.type === 'Identifier' ? node.name : node.type === 'Literal' ? node.value : null;

const message =
  "Query keys are written only in the feature's api/ module: use its key factory or query options.";

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Query keys come from the owning feature's key factory" },
    schema: [],
  },
  create(context) {
    if (mayWriteKeys(context.filename) !== false) return {};
    return {
      Property(node) {
        if (!node.computed && propertyName(node.key) === 'queryKey' && isArrayLiteral(node.value)) {
          context.report({ node: node.value, message });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          keyTakingMethods.has(callee.property.name) &&
          node.arguments[0] &&
          isArrayLiteral(node.arguments[0])
        ) {
          context.report({ node: node.arguments[0], message });
        }
      },
    };
  },
};

export default rule;
export { mayWriteKeys };
