import { endpoints, type EndpointName } from '@kinora/contract';

/**
 * In development and in every test, each answer is checked against its endpoint's response
 * schema, so a server or a test fixture that drifts from the contract fails where it drifts
 * instead of as a blank field three screens later. Production keeps the cast: the server
 * already serializes every answer through the same schema (decision 0002), and parsing each
 * answer again costs the visitor time for nothing.
 */
export function checksAnswers(): boolean {
  // Read on each call (a build replaces both with constants), so a test can act as production.
  return import.meta.env.DEV || import.meta.env.MODE === 'test';
}

/** An answer that does not match the contract: a bug of the server or of a test's fixture. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
  readonly endpoint: EndpointName;

  constructor(endpoint: EndpointName, details: string) {
    super(`The answer of ${endpoint} does not match the contract:\n${details}`);
    this.endpoint = endpoint;
  }
}

/**
 * Every mismatch met, oldest first. Screens may catch the error and show a failure text, so
 * the test setup also reads this list after each test and fails the test when it is not
 * empty (src/testing/setup.ts).
 */
export const contractMismatches: ContractMismatchError[] = [];

/**
 * Throws a {@link ContractMismatchError} (and says so on the console) when `data` is not what
 * endpoint `name` answers. The data itself is handed on unchanged, as in production.
 */
export function checkAnswer(name: EndpointName, data: unknown): void {
  const result = endpoints[name].response.safeParse(data);
  if (result.success) return;
  const details = result.error.issues
    .map((issue) => `  ${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('\n');
  const error = new ContractMismatchError(name, details);
  contractMismatches.push(error);
  console.error(error.message);
  throw error;
}

/**
 * The server answered, but not with the thing asked for (a channel, a video): `message` is the
 * screen's words for it.
 */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
}
