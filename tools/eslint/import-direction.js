// A local ESLint rule that enforces the import directions of docs/ARCHITECTURE.md §1.
//
// Server (apps/server/src): routes -> services -> repositories -> platform; platform imports
// no feature module; a module uses another only through that module's index.ts; routes hold
// no SQL; services know nothing of HTTP.
// Web (apps/web/src): app -> features -> shared (components, lib, testing); features do not
// import each other.
import path from 'node:path';
import queryKeys from './query-keys.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverSrc = path.join(repoRoot, 'apps/server/src');
const webSrc = path.join(repoRoot, 'apps/web/src');

function within(dir, file) {
  const rel = path.relative(dir, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep) : null;
}

function serverLayer(file) {
  const parts = within(serverSrc, file);
  if (!parts) return null;
  if (parts[0] === 'platform') return { kind: 'platform' };
  if (parts[0] === 'modules' && parts.length > 1)
    return { kind: 'module', name: parts[1], rest: parts.slice(2) };
  return { kind: 'root' };
}

function webLayer(file) {
  const parts = within(webSrc, file);
  if (!parts) return null;
  if (parts.length === 1) return { kind: 'entry' }; // main.tsx wires everything together
  if (parts[0] === 'app') return { kind: 'app' };
  if (parts[0] === 'features' && parts.length > 1) return { kind: 'feature', name: parts[1] };
  return { kind: 'shared' };
}

const stripExt = (p) => p.replace(/\.(ts|tsx|js|mjs)$/, '');

function check(filename, source) {
  const base = path.basename(filename);
  const isTest = /\.test\.tsx?$/.test(base);
  if (!source.startsWith('.')) {
    if (/\.service\.ts$/.test(base) && /^(fastify|@fastify\/|socket\.io)/.test(source)) {
      return 'Services know nothing of HTTP or sockets; move this to the routes.';
    }
    if (/\.routes\.ts$/.test(base) && /^drizzle-orm/.test(source)) {
      return 'Routes hold no SQL; put queries in a repository.';
    }
    return null;
  }
  const target = stripExt(path.resolve(path.dirname(filename), source));

  const from = serverLayer(filename);
  if (from) {
    if (within(webSrc, target)) return 'The server must not import the web app.';
    const to = serverLayer(target);
    if (!to) return null;
    if (from.kind === 'platform' && to.kind === 'module') {
      return 'platform/ is plumbing: it must not import a feature module.';
    }
    if (from.kind === 'module' && to.kind === 'module' && to.name !== from.name) {
      const viaIndex = to.rest.length === 0 || (to.rest.length === 1 && to.rest[0] === 'index');
      if (!viaIndex) return `Use the ${to.name} module through its index.ts, not its internals.`;
    }
    if (
      /\.routes\.ts$/.test(base) &&
      (/\.repository$/.test(target) || target.includes(`${path.sep}platform${path.sep}db`))
    ) {
      return 'Routes hold no SQL: call a service, not a repository or the database.';
    }
    if (/\.service\.ts$/.test(base) && /[/\\]platform[/\\]http[/\\]router$/.test(target)) {
      return 'Services know nothing of HTTP; keep the router in the routes.';
    }
    return null;
  }

  const fromWeb = webLayer(filename);
  if (fromWeb) {
    if (within(serverSrc, target)) return 'The web app must not import the server.';
    const to = webLayer(target);
    if (!to || isTest) return null;
    if (fromWeb.kind === 'shared' && (to.kind === 'app' || to.kind === 'feature')) {
      return 'Shared code (components, lib) must not import app/ or features/.';
    }
    if (fromWeb.kind === 'feature' && to.kind === 'app') return 'Features must not import app/.';
    if (fromWeb.kind === 'feature' && to.kind === 'feature' && to.name !== fromWeb.name) {
      return `Features do not import each other (${fromWeb.name} -> ${to.name}); move shared code to components/ or lib/.`;
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import directions of docs/ARCHITECTURE.md' },
    schema: [],
  },
  create(context) {
    const report = (node, source) => {
      const message = check(context.filename, source);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && report(node, String(node.source.value)),
    };
  },
};

export default { rules: { 'import-direction': rule, 'query-keys': queryKeys } };
export { check };
