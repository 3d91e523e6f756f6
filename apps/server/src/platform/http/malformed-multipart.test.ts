import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, signUpload } from '../../../test/media-factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';

// Audit defect j: broken multipart bodies answered 500. Each is the client's fault: a 400.

let t: TestApp;
let user: RegisteredUser;
let signedFields: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  const signed = await signUpload(t.app, user, 'videos');
  signedFields = Object.entries({
    api_key: signed.apiKey,
    timestamp: String(signed.timestamp),
    signature: signed.signature,
    folder: 'videos',
  })
    .map(
      ([name, value]) =>
        `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
});
afterAll(async () => {
  await t.close();
});

const field = (name: string, value: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/** Bodies that are not well-formed multipart; `fileField` names the call's file part. */
const malformed = (fileField: string, lead = '') => ({
  'no boundary in the Content-Type': {
    contentType: 'multipart/form-data',
    body: `${lead}${field('fullname', 'x')}--B--\r\n`,
  },
  'a body cut off inside a field': {
    contentType: 'multipart/form-data; boundary=B',
    body: `${lead}--B\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nhalf a na`,
  },
  'a body cut off inside the file': {
    contentType: 'multipart/form-data; boundary=B',
    body: `${lead}${fileHead(fileField)}\x89PNG\r\n\x1a\nsome bytes and then nothing`,
  },
  'bytes that are not multipart at all': {
    contentType: 'multipart/form-data; boundary=B',
    body: 'garbage \x00\x01\x02 that never mentions the boundary',
  },
});

const calls = [
  { method: 'POST' as const, url: '/api/v1/users/register', fileField: 'avatar', signed: false },
  {
    method: 'PATCH' as const,
    url: '/api/v1/users/change-avatar',
    fileField: 'avatar',
    signed: false,
  },
  {
    method: 'PATCH' as const,
    url: '/api/v1/users/change-coverImage',
    fileField: 'coverImage',
    signed: false,
  },
  { method: 'POST' as const, url: '/v1_1/kinora/video/upload', fileField: 'file', signed: true },
];

describe('a malformed multipart body is a 400 in the envelope', () => {
  for (const call of calls) {
    it(`${call.method} ${call.url}`, async () => {
      const cases = malformed(call.fileField, call.signed ? signedFields : '');
      for (const [name, { contentType, body }] of Object.entries(cases)) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: { 'content-type': contentType, ...user.auth },
          payload: body,
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({
          success: false,
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The multipart/form-data body is malformed or incomplete',
        });
      }
      // Nothing of a broken upload stays on disk.
      expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
    });
  }
});
