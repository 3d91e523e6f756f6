import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { multipart, type FilePart } from './multipart';

/** A real PNG of the given size and colour, made by sharp. */
export async function pngImage(width = 64, height = 64, colour = '#3366ff'): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { filename: 'picture.png', contentType: 'image/png', data };
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export interface RegisteredUser {
  userId: string;
  username: string;
  email: string;
  password: string;
  accessToken: string;
  /** The Set-Cookie values, reduced to name=value pairs for a Cookie header. */
  cookies: Record<string, string>;
  /** Authorization header for app.inject. */
  auth: { authorization: string };
}

export function cookiesOf(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return Object.fromEntries(
    list.map((c) => {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      return [pair!.slice(0, eq), pair!.slice(eq + 1)];
    }),
  );
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** Registers a user through the real endpoint and answers what a client would keep. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; fullname: string }> = {},
): Promise<RegisteredUser> {
  const suffix = uniqueSuffix();
  const username = overrides.username ?? `user_${suffix}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? 'correct horse battery';
  const body = multipart({
    fullname: overrides.fullname ?? `User ${suffix}`,
    username,
    email,
    password,
    avatar: await pngImage(),
  });
  const res = await app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json<{ data: { user: { _id: string }; accessToken: string } }>();
  return {
    userId: json.data.user._id,
    username,
    email,
    password,
    accessToken: json.data.accessToken,
    cookies: cookiesOf(res.headers['set-cookie']),
    auth: { authorization: `Bearer ${json.data.accessToken}` },
  };
}
