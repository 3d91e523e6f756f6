import { fieldErrorsFromSchema, type FieldErrors } from '../../lib/validation';

/** A text field of a submitted form ('' when absent or a file). */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** Typing in a field clears that field's error (the message had its say). */
export function clearFieldError(errors: FieldErrors, target: EventTarget): FieldErrors {
  const name = (target as { name?: unknown }).name;
  if (typeof name !== 'string' || !errors[name]) return errors;
  const next = { ...errors };
  delete next[name];
  return next;
}

/** Moves focus to the first field, in form order, that has an error. */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/** A contract schema as forms use it (structural, so this module needs no zod import). */
interface FormSchema<T> {
  safeParse(input: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/**
 * Checks a form's values with its contract schema: the data, or null after showing each
 * field's first error and moving focus to the first invalid field.
 */
export function checkForm<T>(
  form: HTMLFormElement,
  schema: FormSchema<T>,
  values: unknown,
  setErrors: (errors: FieldErrors) => void,
): T | null {
  const parsed = schema.safeParse(values);
  const found = parsed.success ? {} : fieldErrorsFromSchema(parsed.error);
  setErrors(found);
  if (parsed.success) return parsed.data;
  focusFirstInvalid(form, found);
  return null;
}
