import type { FieldErrors } from '../../lib/validation';

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
