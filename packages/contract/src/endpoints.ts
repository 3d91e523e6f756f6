import type { z } from 'zod';
import { Empty } from './envelope';
import { Health } from './health';
import {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResult,
  RefreshBody,
  RefreshResult,
  RegisterFields,
  UpdateDetailsBody,
} from './users';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One description per call of /api/v1: the server registers its routes from these and the
 * web client derives its types from them, so the two sides cannot drift apart.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path below /api/v1, with `:param` placeholders. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it: `user` needs a signed-in user, `public` answers everyone. */
  access: 'public' | 'user';
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body schema, or the text fields of a multipart body. */
  body?: z.ZodType;
  /** Names of the file fields of a multipart body. */
  files?: readonly string[];
  /** Schema of the envelope's `data`. */
  response: z.ZodType;
  /** HTTP status of a success; 200 unless stated. */
  successStatus?: 200 | 201;
}

const define = <const E extends Endpoint>(e: E) => e;

export const endpoints = {
  healthcheck: define({
    method: 'GET',
    path: '/healthcheck',
    summary: 'Liveness and database check',
    tag: 'system',
    access: 'public',
    response: Health,
  }),
  register: define({
    method: 'POST',
    path: '/users/register',
    summary:
      'Create an account and sign in (multipart: avatar required, coverImage optional); sets session cookies',
    tag: 'users',
    access: 'public',
    body: RegisterFields,
    files: ['avatar', 'coverImage'],
    response: LoginResult,
    successStatus: 201,
  }),
  login: define({
    method: 'POST',
    path: '/users/login',
    summary: 'Sign in; answers an access token and sets session cookies',
    tag: 'users',
    access: 'public',
    body: LoginBody,
    response: LoginResult,
  }),
  refreshToken: define({
    method: 'POST',
    path: '/users/refresh-token',
    summary: 'Rotate the refresh token and issue a new access token',
    tag: 'users',
    access: 'public',
    body: RefreshBody,
    response: RefreshResult,
  }),
  logout: define({
    method: 'POST',
    path: '/users/logout',
    summary: 'Revoke this session and clear its cookies',
    tag: 'users',
    access: 'public',
    response: Empty,
  }),
  changePassword: define({
    method: 'POST',
    path: '/users/change-password',
    summary: 'Change the password; other sessions are signed out',
    tag: 'users',
    access: 'user',
    body: ChangePasswordBody,
    response: Empty,
  }),
  currentUser: define({
    method: 'GET',
    path: '/users/current-user',
    summary: 'The signed-in user',
    tag: 'users',
    access: 'user',
    response: CurrentUser,
  }),
  updateDetails: define({
    method: 'PATCH',
    path: '/users/update-details',
    summary: 'Update full name, email or bio',
    tag: 'users',
    access: 'user',
    body: UpdateDetailsBody,
    response: CurrentUser,
  }),
  changeAvatar: define({
    method: 'PATCH',
    path: '/users/change-avatar',
    summary: 'Replace the avatar (multipart field avatar)',
    tag: 'users',
    access: 'user',
    files: ['avatar'],
    response: CurrentUser,
  }),
  changeCoverImage: define({
    method: 'PATCH',
    path: '/users/change-coverImage',
    summary: 'Replace the cover image (multipart field coverImage)',
    tag: 'users',
    access: 'user',
    files: ['coverImage'],
    response: CurrentUser,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B }
  ? Input<B>
  : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q }
  ? Input<Q>
  : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P }
  ? Input<P>
  : undefined;
