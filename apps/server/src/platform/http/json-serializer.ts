/**
 * Response serialisation compiled from the contract's zod schemas (issue 18 item 4).
 *
 * `fastify-type-provider-zod` encodes every answer with `z.safeEncode` and then calls
 * `JSON.stringify` on the copy. An encode re-parses each nested level's whole subtree before
 * parsing it for real (its "canary" pass), so a leaf four objects deep is visited five times,
 * and the copy adds one object per object: for a home page of 100 videos that was the largest
 * cost of the answer after the database.
 *
 * Here each response schema is compiled once into a checker and a writer. An answer whose
 * every object already has the schema's keys in the schema's order and nothing else (what the
 * presenters build) is checked in one pass and written by one native `JSON.stringify`; an
 * object in another order, or with keys the schema leaves out, is written key by key in the
 * schema's order. Either way the text is byte for byte what the zod path gives. Anything the
 * compiled code cannot vouch for (a failed check, a missing key) makes it give up, and the
 * whole answer goes through the zod path, which answers it or throws the same
 * `ResponseSerializationError` as before. Schema kinds it does not know (unions, records,
 * codecs, transforms, defaults, checks other than `.int()` and date/id formats) are encoded
 * by zod for that subtree alone.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { prewrittenText, withoutPrewritten } from './prewritten-json';

/** Written by a node that cannot vouch for its value: the zod path decides instead. */
const GIVE_UP = Symbol('give up');
/** Written for a value JSON leaves out (undefined): a property is omitted, an element is null. */
const NOTHING = Symbol('nothing');

type Written = string | typeof GIVE_UP | typeof NOTHING;

interface Node {
  /** True when `JSON.stringify(value)` is exactly the zod path's text for it. */
  same(value: unknown): boolean;
  /** The zod path's text for the value, or GIVE_UP. */
  write(value: unknown): Written;
}

interface ZodInternals {
  def: {
    type: string;
    checks?: readonly { _zod: { def: { check?: string; format?: string } } }[];
    shape?: Record<string, z.ZodType>;
    catchall?: unknown;
    element?: z.ZodType;
    innerType?: z.ZodType;
    entries?: Record<string, unknown>;
    values?: readonly unknown[];
    coerce?: boolean;
    /** A string format's own check (`z.iso.datetime()`, `z.uuid()`): its name and pattern. */
    check?: string;
    format?: string;
    pattern?: RegExp;
  };
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
}

const internals = (schema: z.ZodType): ZodInternals =>
  (schema as unknown as { _zod: ZodInternals })._zod;

/** String formats that zod checks by their pattern alone (dates, ids). */
const patternFormats = new Set(['datetime', 'date', 'uuid', 'guid']);

/** Keys JSON writes in another order than they were added (array-index-like names). */
const reordered = (key: string) => /^(?:0|[1-9]\d*)$/.test(key);

/** A leaf: valid as it is, or not at all. */
function leaf(valid: (value: unknown) => boolean): Node {
  return { same: valid, write: (value) => (valid(value) ? JSON.stringify(value) : GIVE_UP) };
}

/** A subtree this module does not compile: zod encodes it, exactly as the whole answer was. */
function delegated(schema: z.ZodType): Node {
  return {
    same: () => false,
    write: (value) => {
      const result = z.safeEncode(schema, value);
      if (!result.success) return GIVE_UP;
      const text = JSON.stringify(result.data) as string | undefined;
      return text === undefined ? NOTHING : text;
    },
  };
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const twoDigits = (text: string, at: number) =>
  (text.charCodeAt(at) - 48) * 10 + (text.charCodeAt(at + 1) - 48);

/**
 * `Date#toISOString()`'s form, `YYYY-MM-DDTHH:mm:ss.sssZ`, with a day that every month has:
 * such a text matches zod's datetime pattern, so the pattern need not run (it is the costliest
 * part of checking a video). Anything else is left to the pattern.
 */
function plainIsoDate(text: string): boolean {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 /* Z */) return false;
  for (let i = 0; i < 23; i++) {
    const code = text.charCodeAt(i);
    const separator = i === 4 || i === 7 ? 45 : i === 10 ? 84 : i === 13 || i === 16 ? 58 : 0;
    if (i === 19 ? code !== 46 : separator ? code !== separator : !isDigit(code)) return false;
  }
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 28 &&
    twoDigits(text, 11) <= 23 &&
    twoDigits(text, 14) <= 59 &&
    twoDigits(text, 17) <= 59
  );
}

function stringNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  // A rewrite (trim, lower case), a length or any other check is zod's to apply.
  if ((def.checks ?? []).length > 0 || def.coerce) return delegated(schema);
  if (def.check === undefined) return leaf((value) => typeof value === 'string');
  // Formats whose whole check is their pattern (zod's $ZodCheckStringFormat).
  const pattern = def.pattern;
  if (
    def.check !== 'string_format' ||
    !patternFormats.has(def.format ?? '') ||
    !(pattern instanceof RegExp)
  ) {
    return delegated(schema);
  }
  const quick = def.format === 'datetime' ? plainIsoDate : () => false;
  return leaf((value) => {
    if (typeof value !== 'string') return false;
    if (quick(value)) return true;
    pattern.lastIndex = 0;
    return pattern.test(value);
  });
}

function numberNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  const checks = def.checks ?? [];
  if (def.coerce) return delegated(schema);
  if (checks.length === 0) {
    // zod's number refuses NaN and ±Infinity.
    return leaf((value) => typeof value === 'number' && Number.isFinite(value));
  }
  if (
    checks.every((c) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint')
  ) {
    // `.int()`: a safe integer.
    return leaf((value) => typeof value === 'number' && Number.isSafeInteger(value));
  }
  return delegated(schema);
}

function choiceNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  const allowed = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
  const plain = allowed.every(
    (v) => typeof v === 'string' || typeof v === 'boolean' || v === null || Number.isFinite(v),
  );
  if ((def.checks ?? []).length > 0 || !plain) return delegated(schema);
  const values = new Set(allowed);
  return leaf((value) => values.has(value));
}

function nullableNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  if ((def.checks ?? []).length > 0 || !def.innerType) return delegated(schema);
  const inner = compile(def.innerType);
  return {
    same: (value) => value === null || inner.same(value),
    write: (value) => (value === null ? 'null' : inner.write(value)),
  };
}

function arrayNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  if ((def.checks ?? []).length > 0 || !def.element) return delegated(schema);
  const element = compile(def.element);
  const same = (value: unknown) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!element.same(value[i])) return false;
    return true;
  };
  return {
    same,
    write: (value) => {
      if (same(value)) return JSON.stringify(value);
      if (!Array.isArray(value)) return GIVE_UP;
      let text = '[';
      for (let i = 0; i < value.length; i++) {
        const written = element.write(value[i]);
        if (written === GIVE_UP) return GIVE_UP;
        text += (i === 0 ? '' : ',') + (written === NOTHING ? 'null' : written);
      }
      return `${text}]`;
    },
  };
}

function objectNode(schema: z.ZodType): Node {
  const { def } = internals(schema);
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  if (
    (def.checks ?? []).length > 0 ||
    def.catchall !== undefined ||
    Object.getOwnPropertySymbols(shape).length > 0 ||
    keys.some((key) => key === '__proto__' || reordered(key))
  ) {
    return delegated(schema);
  }
  const properties = keys.map((key) => {
    const field = shape[key]!;
    const { def: fieldDef, optin, optout } = internals(field);
    // `x.optional()` of a kind compiled here: absent or undefined is left out, as zod does.
    const optional =
      fieldDef.type === 'optional' &&
      optin === 'optional' &&
      optout === 'optional' &&
      (fieldDef.checks ?? []).length === 0 &&
      fieldDef.innerType !== undefined;
    return {
      key,
      prefix: `${JSON.stringify(key)}:`,
      optional,
      node: compile(optional ? fieldDef.innerType! : field),
    };
  });
  const count = properties.length;
  /** A plain object with the schema's keys in its order and no other: JSON writes it as is. */
  const same = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) return false;
    if (Object.getPrototypeOf(value) !== Object.prototype) return false;
    const record = value as Record<string, unknown>;
    let next = 0;
    for (const key in record) {
      while (next < count && properties[next]!.key !== key) {
        if (!properties[next]!.optional) return false;
        next++;
      }
      if (next === count) return false; // a key the schema leaves out, or out of order
      const property = properties[next]!;
      const field = record[key];
      if (!(property.optional && field === undefined) && !property.node.same(field)) return false;
      next++;
    }
    for (; next < count; next++) if (!properties[next]!.optional) return false;
    return true;
  };
  return {
    same,
    write: (value) => {
      if (same(value)) return JSON.stringify(value);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return GIVE_UP;
      const record = value as Record<string, unknown>;
      let text = '{';
      let first = true;
      for (const { key, prefix, optional, node } of properties) {
        if (!(key in record)) {
          if (optional) continue;
          return GIVE_UP;
        }
        const field = record[key];
        if (optional && field === undefined) continue;
        const written = node.write(field);
        if (written === GIVE_UP) return GIVE_UP;
        if (written === NOTHING) continue;
        text += (first ? '' : ',') + prefix + written;
        first = false;
      }
      return `${text}}`;
    },
  };
}

/**
 * A list or an object whose text was written before (`prewritten-json.ts`, decision 0049) is
 * written as that text: its maker vouches for it, as a presenter's test vouches for its shape.
 */
function acceptsPrewritten(node: Node): Node {
  return {
    same: (value) => prewrittenText(value) === undefined && node.same(value),
    write: (value) => prewrittenText(value) ?? node.write(value),
  };
}

function compile(schema: z.ZodType): Node {
  switch (internals(schema).def.type) {
    case 'string':
      return stringNode(schema);
    case 'number':
      return numberNode(schema);
    case 'boolean':
      return internals(schema).def.checks?.length || internals(schema).def.coerce
        ? delegated(schema)
        : leaf((value) => typeof value === 'boolean');
    case 'null':
      return leaf((value) => value === null);
    case 'enum':
    case 'literal':
      return choiceNode(schema);
    case 'nullable':
      return nullableNode(schema);
    case 'array':
      return acceptsPrewritten(arrayNode(schema));
    case 'object':
      return acceptsPrewritten(objectNode(schema));
    default:
      return delegated(schema);
  }
}

/** Compiles a response schema; the zod path stays the judge of anything it gives up on. */
export function compileResponseSerializer(
  schema: z.ZodType,
  zodPath: (data: unknown) => string,
): (data: unknown) => string {
  const root = compile(schema);
  return (data) => {
    const written = root.write(data);
    return typeof written === 'string' ? written : zodPath(withoutPrewritten(data));
  };
}

/** Fastify's serializer compiler: the compiled writer, with the zod provider's behind it. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const zodPath = zodSerializerCompiler(route);
  const schema = route.schema;
  return schema instanceof z.ZodType ? compileResponseSerializer(schema, zodPath) : zodPath;
};
