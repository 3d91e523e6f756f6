/**
 * A value of an answer whose JSON text was written before the answer is sent (decision 0049):
 * the list of a page's videos as PostgreSQL wrote them. The response serializer writes the text
 * where the value stands instead of checking and writing the value; the value itself holds what
 * the server's own rules still read of it (ids, visibility). Whoever makes one vouches that the
 * text is what the contract's schema for that place would write (a test per maker).
 */
const text = Symbol('prewritten JSON');
const common = Symbol('texts other answers hold too');

type Prewritten = { readonly [text]: string; readonly [common]?: readonly string[] };

/**
 * `value`, marked with the JSON text that stands for it in an answer. `shared` names parts of
 * that text, in the order they appear in it, that other answers are likely to hold too (the
 * videos' cards of a person's history): the kept answers keep each such text once (decision
 * 0060). It changes nothing in what is sent.
 */
export function prewritten<T extends object>(
  value: T,
  json: string,
  shared?: readonly string[],
): T {
  Object.defineProperty(value, text, { value: json, enumerable: false });
  if (shared) Object.defineProperty(value, common, { value: shared, enumerable: false });
  return value;
}

/** The parts of a prewritten value's text that other answers may hold too (`prewritten`). */
export function sharedTexts(value: unknown): readonly string[] | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Partial<Prewritten>)[common]
    : undefined;
}

/** The prewritten text of a value, or undefined when it has none. */
export function prewrittenText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Partial<Prewritten>)[text]
    : undefined;
}

/**
 * A copy of `value` with every prewritten part replaced by what its text says, for a path that
 * checks values rather than writing them (the zod serializer, when the compiled one gives up).
 */
export function withoutPrewritten(value: unknown): unknown {
  const json = prewrittenText(value);
  if (json !== undefined) return JSON.parse(json) as unknown;
  if (Array.isArray(value)) return value.map(withoutPrewritten);
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return value;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = withoutPrewritten(field);
  return copy;
}
