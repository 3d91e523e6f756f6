import type { Dispatch, FormEvent, ReactNode, SetStateAction } from 'react';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/form/FormAlert';
import { cn } from '../../../lib/cn';
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

/** The end of a sign-in form: what went wrong, if anything, then its one button. */
export function AuthSubmit({
  failure,
  label,
  busyLabel,
  isBusy,
  disabled = isBusy,
  className,
}: {
  failure: string | null;
  label: string;
  /** The button's words while the form is being sent. */
  busyLabel: string;
  isBusy: boolean;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <>
      <FormAlert message={failure} />
      <Button type="submit" size="lg" disabled={disabled} className={cn('w-full', className)}>
        {isBusy ? busyLabel : label}
      </Button>
    </>
  );
}
