import type { Dispatch, FormEvent, ReactNode, SetStateAction } from 'react';
import type { FieldErrors } from '../../../lib/validation';
import { clearFieldError } from '../form-helpers';

/**
 * The form of a sign-in screen: the page checks it (not the browser), and typing in a field
 * clears that field's error.
 */
export function AuthForm({
  label,
  onSubmit,
  setErrors,
  children,
}: {
  /** Accessible name of the form. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onInput={(e) => setErrors((current) => clearFieldError(current, e.target))}
      className="flex flex-col gap-4"
      aria-label={label}
    >
      {children}
    </form>
  );
}
