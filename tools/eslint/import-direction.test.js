import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { check } from './import-direction.js';

const root = path.resolve(import.meta.dirname, '../..');
const server = (p) => path.join(root, 'apps/server/src', p);
const web = (p) => path.join(root, 'apps/web/src', p);

test('server: platform imports no feature module', () => {
  assert.match(check(server('platform/http/router.ts'), '../../modules/auth'), /platform/);
  assert.equal(check(server('platform/http/router.ts'), '../db/client'), null);
});

test('server: modules meet only through index.ts', () => {
  assert.equal(check(server('modules/users/users.service.ts'), '../auth'), null);
  assert.equal(check(server('modules/users/users.service.ts'), '../auth/index'), null);
  assert.match(
    check(server('modules/users/users.service.ts'), '../auth/auth.repository'),
    /index\.ts/,
  );
  assert.equal(check(server('modules/users/users.service.ts'), './users.repository'), null);
});

test('server: routes hold no SQL, services no HTTP', () => {
  assert.match(check(server('modules/users/users.routes.ts'), './users.repository'), /no SQL/);
  assert.match(check(server('modules/users/users.routes.ts'), 'drizzle-orm'), /no SQL/);
  assert.match(check(server('modules/users/users.service.ts'), 'fastify'), /HTTP/);
  assert.equal(check(server('modules/users/users.routes.ts'), './users.service'), null);
});

test('web: app -> features -> shared, features apart', () => {
  assert.equal(check(web('app/routes.tsx'), '../features/auth/components/LoginPage'), null);
  assert.match(check(web('lib/api/client.ts'), '../../features/auth/api'), /Shared/);
  assert.match(
    check(web('features/auth/components/A.tsx'), '../../profile/hooks/x'),
    /do not import each other/,
  );
  assert.match(check(web('features/auth/components/A.tsx'), '../../../app/routes'), /app/);
  assert.equal(check(web('features/auth/components/A.tsx'), '../../../lib/auth'), null);
  assert.equal(check(web('main.tsx'), './app/App'), null);
  assert.match(check(web('lib/x.ts'), '../../../server/src/app'), /server/);
});

test('the kinora plugin carries the query-keys rule (tested in query-keys.test.js)', async () => {
  const { default: plugin } = await import('./import-direction.js');
  const { default: queryKeys } = await import('./query-keys.js');
  assert.equal(plugin.rules['query-keys'], queryKeys);
});
