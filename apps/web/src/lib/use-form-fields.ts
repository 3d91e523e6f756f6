import { useState, type ChangeEvent } from 'react';
import { fieldErrorsFromSchema, type FieldErrors, type SchemaIssues } from './validation';

/** A contract schema, seen structurally (the web needs no zod import). */
interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaIssues };
}

/**
 * The text fields of a controlled form and their errors, kept together: `field(name)` hands an
 * input its name, value, change handler and error message in one spread.
 */
export function useFormFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
  });
  /**
   * Checks `input` against a contract schema, with `extra` messages of the form's own (they win
   * over the schema's): shows what is wrong and answers null, or clears the errors and answers
   * the parsed data.
   */
  const validate = <T>(schema: Schema<T>, input: unknown, extra: FieldErrors = {}): T | null => {
    const parsed = schema.safeParse(input);
    const found = { ...(parsed.success ? {} : fieldErrorsFromSchema(parsed.error)), ...extra };
    setErrors(found);
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, errors, setErrors, field, validate, reset };
}
