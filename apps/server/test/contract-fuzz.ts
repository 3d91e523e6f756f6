/**
 * Inputs for fuzzing the API from its contract (issue 20, item 2): each endpoint's params,
 * query and body schemas (zod, read as JSON Schema) give fast-check arbitraries of inputs that
 * pass them, and of mutants that break them one field at a time: wrong types, values just past
 * a bound, NUL and control characters, invisible text, huge and tiny numbers, long strings,
 * malformed keyset cursors and ids, and other people's real ids. `requestOf` turns one input
 * into the HTTP request a client would send (a multipart body for the endpoints with files).
 */
import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@kinora/contract';
import fc from 'fast-check';
import { z } from 'zod';

/** The parts of JSON Schema that zod writes for our contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** A schema as the client sends it (before coercions and defaults). */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Real ids and cursors of the fuzzed server: reused so that some inputs name real things. */
export interface FuzzPools {
  /** Ids of rows that exist: people, videos, comments, tweets, playlists, conversations. */
  ids: string[];
  /** Keyset cursors the server answered. */
  cursors: string[];
  /** Usernames that exist. */
  usernames: string[];
}

/** One input of one call: its path params, its query and its body (undefined: none sent). */
export interface FuzzInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** A body that is not JSON at all, sent as is with a JSON content type. */
  rawBody?: string;
  /** A content type that is not the body's (text/plain, form-encoded, multipart without parts). */
  contentType?: string;
  /** What a multipart endpoint's file fields hold: a real image unless said otherwise. */
  files?: 'image' | 'garbage' | 'empty' | 'none';
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Cursors that look like the server's but name nothing it could read. */
export const malformedCursors = [
  base64url(`-999999999999999999.${randomUUID()}`),
  base64url(`999999999999999999999.${randomUUID()}`),
  base64url(`1700000000000000.not-a-uuid`),
  base64url(`NaN.${randomUUID()}`),
  base64url(`1e300.${randomUUID()}`),
  base64url(`\u0000.${randomUUID()}`),
  base64url(''),
  '!!!!',
  '====',
  'a'.repeat(300),
  '%00',
  randomUUID(),
];

/** Ids that are not ids, or ids of nothing. */
export const malformedIds = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  randomUUID(),
  randomUUID().toUpperCase(),
  randomUUID().slice(0, 35),
  `${randomUUID()}0`,
  `${randomUUID()}\u0000`,
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '..',
  '%2e%2e',
  ' ',
  'x'.repeat(2000),
];

/** Strings that have broken text handling somewhere: NUL, controls, invisible and huge text. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\r\n',
  '\u0085',
  '\u00a0\u2028\u2029',
  '\u200b'.repeat(300),
  '\u202eevil',
  '\ufeff',
  '\ud800',
  '💥'.repeat(3000),
  'x'.repeat(20_000),
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '[]',
  '{}',
  'true',
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%',
  '%00',
  '\\',
];

const nastyNumbers = [
  0,
  -0,
  -1,
  1e308,
  -1e308,
  5e-324,
  -5e-324,
  1e-300,
  2 ** 53 + 1,
  -(2 ** 63),
  2 ** 31,
  2 ** 32,
  0.5,
  1.5,
];

const nastyShapes: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  ['a'],
  { a: { b: { c: { d: 1 } } } },
  { $gt: '' },
  { __proto__: { admin: true } },
];

/** Values just past, and just at, the bounds a schema states. */
function boundaryValues(schema: JsonSchema): unknown[] {
  const out: unknown[] = [];
  if (schema.minLength !== undefined) {
    out.push('a'.repeat(Math.max(0, schema.minLength - 1)), ' '.repeat(schema.minLength));
  }
  if (schema.maxLength !== undefined) {
    out.push('a'.repeat(schema.maxLength + 1), '\u200b'.repeat(schema.maxLength));
    out.push('é'.repeat(schema.maxLength), '💥'.repeat(schema.maxLength));
  }
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum]) {
    if (bound === undefined) continue;
    out.push(bound, bound - 1, bound + 1, bound - 1e-9, bound + 1e-9, String(bound + 1));
  }
  return out;
}

/** Anything a client could put in a field instead of what the schema asks. */
export function nastyValue(schema: JsonSchema | null, pools: FuzzPools): fc.Arbitrary<unknown> {
  const bounds = schema ? boundaryValues(schema) : [];
  return fc.oneof(
    fc.constantFrom(...nastyStrings),
    fc.constantFrom(...nastyNumbers),
    fc.constantFrom(...nastyShapes),
    fc.constantFrom(...malformedIds),
    fc.constantFrom(...malformedCursors),
    fc.constantFrom(...pools.ids),
    ...(bounds.length > 0 ? [fc.constantFrom(...bounds)] : []),
    // Control and unpaired surrogate characters among ordinary ones.
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)) }),
    fc.double(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  );
}

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/** Values that pass the schema (or nearly: a pattern's text is cut to the schema's length). */
export function validValue(schema: JsonSchema, pools: FuzzPools, name = ''): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validValue(v, pools, name)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], pools, name);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const fields = Object.fromEntries(
      Object.entries(properties).map(([key, field]) => [key, validValue(field, pools, key)]),
    );
    return fc.record(fields, { requiredKeys: schema.required ?? [] });
  }
  if (isType(schema, 'array')) {
    return fc.array(validValue(schema.items ?? {}, pools, name), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.min(schema.maxItems ?? 5, 5),
    });
  }
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'null')) return fc.constant(null);
  if (isType(schema, 'integer')) {
    return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
  }
  if (isType(schema, 'number')) {
    return fc.double({
      min: schema.minimum ?? -1_000_000,
      max: schema.maximum ?? 1_000_000,
      noNaN: true,
      noDefaultInfinity: true,
    });
  }
  if (isType(schema, 'string')) {
    if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
    if (name === 'cursor') return fc.constantFrom(...pools.cursors, ...malformedCursors);
    if (/ids$/i.test(name)) {
      // A list of ids in one query string (watch positions).
      return fc
        .array(fc.constantFrom(...pools.ids), { minLength: 1, maxLength: 5 })
        .map((ids) => ids.join(','));
    }
    if (schema.format === 'email' || name === 'email') return fc.emailAddress();
    if (name === 'name' || name === 'username') {
      return fc.oneof(fc.constantFrom(...pools.usernames), fc.stringMatching(/^[a-z0-9_.]{3,30}$/));
    }
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
    if (schema.pattern) {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((text) => text.slice(0, maxLength).padEnd(minLength, 'a'));
    }
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
  return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
}

/** A valid value of the object schema's fields, each present (nothing when there is no schema). */
function validObject(schema: JsonSchema | null, pools: FuzzPools) {
  return schema ? validValue(schema, pools) : fc.constant(undefined);
}

/** The input with one field of one part replaced, removed, or an unknown field added. */
function mutated(
  input: FuzzInput,
  part: 'params' | 'query' | 'body',
  schema: JsonSchema,
  pools: FuzzPools,
): fc.Arbitrary<FuzzInput> {
  const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties ?? {};
  const keys = Object.keys(properties);
  const current = (input[part] ?? {}) as Record<string, unknown>;
  const whole = nastyValue(schema, pools).map((value) => ({
    ...input,
    [part]: part === 'body' ? value : current,
  }));
  if (keys.length === 0) return whole;
  const oneField = fc.constantFrom(...keys).chain((key) =>
    nastyValue(properties[key] ?? null, pools).map((value) => ({
      ...input,
      [part]: { ...current, [key]: value },
    })),
  );
  const withoutField = fc.constantFrom(...keys).map((key) => {
    const rest = { ...current };
    delete rest[key];
    return { ...input, [part]: rest };
  });
  const extraField = fc
    .tuple(
      fc.constantFrom('__proto__', 'constructor', 'ownerId', 'isPublished', 'role', 'x'),
      nastyValue(null, pools),
    )
    .map(([key, value]) => ({
      ...input,
      [part]: JSON.parse(JSON.stringify({ ...current, [key]: value })) as unknown,
    }));
  if (part === 'body') {
    return fc.oneof(oneField, oneField, withoutField, extraField, whole);
  }
  return fc.oneof(oneField, oneField, withoutField, extraField);
}

/** Content types a JSON body is not. */
const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

/** Bodies that are not JSON, sent with a JSON content type. */
const rawBodies = [
  '{',
  '{"a":',
  'null',
  '"text"',
  '[]',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '1e999',
];

/** Inputs of one endpoint: a valid one, or one field of it broken. */
export function inputsOf(endpoint: Endpoint, pools: FuzzPools): fc.Arbitrary<FuzzInput> {
  const schemas = {
    params: jsonSchemaOf(endpoint.params),
    query: jsonSchemaOf(endpoint.query),
    body: jsonSchemaOf(endpoint.body),
  };
  const valid = fc
    .record({
      params: validObject(schemas.params, pools),
      query: validObject(schemas.query, pools),
      body: validObject(schemas.body, pools),
    })
    .map((v): FuzzInput => ({
      params: (v.params ?? {}) as Record<string, unknown>,
      query: (v.query ?? {}) as Record<string, unknown>,
      body: v.body,
    }));
  const parts = (['params', 'query', 'body'] as const).filter((part) => schemas[part]);
  const broken = parts.map((part) =>
    valid.chain((input) => mutated(input, part, schemas[part]!, pools)),
  );
  const options: fc.Arbitrary<FuzzInput>[] = [valid, ...broken, ...broken];
  if (endpoint.method !== 'GET' && !endpoint.files) {
    options.push(
      valid.chain((input) =>
        fc.constantFrom(...rawBodies).map((rawBody) => ({ ...input, rawBody })),
      ),
      valid.chain((input) =>
        fc.constantFrom(...wrongContentTypes).map((contentType) => ({ ...input, contentType })),
      ),
    );
  }
  if (endpoint.files) {
    const files = fc.constantFrom('garbage', 'empty', 'none') as fc.Arbitrary<FuzzInput['files']>;
    options.push(valid.chain((input) => files.map((kind) => ({ ...input, files: kind }))));
  }
  return fc.oneof(...options);
}

/** How a value reads in a URL or a form field. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');

/** A path segment; a lone surrogate goes as UTF-8's replacement character, as a browser sends it. */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

/** The path of an endpoint with these params, each encoded (a missing one is left empty). */
export function pathWith(endpoint: Endpoint, params: Record<string, unknown>): string {
  return (
    '/api/v1' + endpoint.path.replace(/:(\w+)/g, (_, name: string) => segment(asText(params[name])))
  );
}

function queryText(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, asText(item));
    else search.append(key, asText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/**
 * The request of one input. A multipart endpoint gets its fields as text beside a real image
 * for each file field, so what is fuzzed is the fields.
 */
export function requestOf(endpoint: Endpoint, input: FuzzInput, image: Buffer): FuzzRequest {
  const path = pathWith(endpoint, input.params) + queryText(input.query);
  if (endpoint.files) {
    const form = new FormData();
    const fields =
      typeof input.body === 'object' && input.body !== null && !Array.isArray(input.body)
        ? (input.body as Record<string, unknown>)
        : { value: input.body };
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(key, asText(value));
    }
    const bytes = {
      image,
      garbage: Buffer.from('\u0000not an image at all\u0000'.repeat(40)),
      empty: Buffer.alloc(0),
      none: null,
    }[input.files ?? 'image'];
    for (const name of bytes ? endpoint.files : []) {
      form.append(name, new Blob([new Uint8Array(bytes!)], { type: 'image/png' }), 'picture.png');
    }
    return { method: endpoint.method, path, headers: {}, body: form };
  }
  if (input.rawBody !== undefined) {
    return {
      method: endpoint.method,
      path,
      headers: { 'content-type': 'application/json' },
      body: input.rawBody,
    };
  }
  if (input.contentType !== undefined) {
    return {
      method: endpoint.method,
      path,
      headers: { 'content-type': input.contentType },
      body: JSON.stringify(input.body) ?? 'null',
    };
  }
  if (input.body === undefined || endpoint.method === 'GET') {
    return { method: endpoint.method, path, headers: {} };
  }
  return {
    method: endpoint.method,
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input.body) ?? 'null',
  };
}
