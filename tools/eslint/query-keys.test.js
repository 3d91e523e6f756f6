import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it, test } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule, { mayWriteKeys } from './query-keys.js';

const root = path.resolve(import.meta.dirname, '../..');
const web = (p) => path.join(root, 'apps/web/src', p);

test('web: query keys are written only in a feature api/ module or lib/', () => {
  assert.equal(mayWriteKeys(web('features/tweets/api/tweets-api.ts')), true);
  assert.equal(mayWriteKeys(web('lib/my-stats.ts')), true);
  assert.equal(mayWriteKeys(web('features/tweets/hooks/use-tweets.ts')), false);
  assert.equal(mayWriteKeys(web('features/upload/components/UploadPage.tsx')), false);
  assert.equal(mayWriteKeys(web('app/cache-link-table.ts')), false);
  assert.equal(mayWriteKeys(path.join(root, 'apps/server/src/app.ts')), null);
});

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const hook = web('features/videos/hooks/use-watch-data.ts');
const api = web('features/videos/api/videos-api.ts');
const errors = [{ message: /Query keys are written only in the feature's api\/ module/ }];

tester.run('kinora/query-keys', rule, {
  valid: [
    { filename: hook, code: 'useQuery({ queryKey: videoKeys.detail(id), queryFn });' },
    { filename: hook, code: 'queryClient.invalidateQueries({ queryKey: channelKeys.root });' },
    { filename: hook, code: 'queryClient.setQueryData(videoKeys.detail(id), video);' },
    { filename: api, code: "export const videoKeys = { root: ['videos'] as const };" },
    { filename: api, code: "queryOptions({ queryKey: ['videos', id] as const, queryFn });" },
    {
      filename: web('lib/my-stats.ts'),
      code: "queryOptions({ queryKey: ['users', 'my-stats'] });",
    },
    // Not a query key: other arrays, computed names, the server.
    { filename: hook, code: "const ids = ['a', 'b']; call({ videoIds: ['a'] });" },
    { filename: hook, code: "call({ [queryKey]: ['a'] });" },
    {
      filename: path.join(root, 'apps/server/src/app.ts'),
      code: "x.invalidateQueries({ queryKey: ['videos'] });",
    },
  ],
  invalid: [
    { filename: hook, code: "queryClient.invalidateQueries({ queryKey: ['channels'] });", errors },
    {
      filename: web('features/upload/components/UploadPage.tsx'),
      code: "void queryClient.invalidateQueries({ queryKey: ['videos'] });",
      errors,
    },
    { filename: hook, code: "useQuery({ queryKey: ['history', 'resume', id] as const });", errors },
    { filename: hook, code: "useQuery({ 'queryKey': ['a'] satisfies QueryKey });", errors },
    { filename: hook, code: "queryClient.setQueryData(['videos', id], video);", errors },
    { filename: hook, code: "queryClient.getQueryData(['videos', id]);", errors },
    { filename: web('app/LibraryPage.tsx'), code: "useQuery({ queryKey: ['liked'] });", errors },
  ],
});
