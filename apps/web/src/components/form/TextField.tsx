import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './Field';

export const inputClass =
  'h-11 w-full rounded-md border border-border bg-surface px-3 text-base text-fg placeholder:text-fg-muted transition-colors hover:border-border-strong focus-visible:border-focus aria-[invalid=true]:border-danger read-only:bg-raised read-only:text-fg-muted sm:text-sm';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Message shown under the input and announced with it; marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Something inside the input's right edge, e.g. a show-password button. */
  trailing?: ReactNode;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({
  label,
  name,
  error,
  hint,
  trailing,
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <Field label={label} htmlFor={id} className={className}>
      <div className="relative">
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, trailing ? 'pr-12' : undefined)}
          {...inputProps}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </Field>
  );
}

/** The error line under a field; renders nothing without a message. */
export function FieldError({
  id,
  message,
}: {
  id?: string | undefined;
  message?: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {message}
    </p>
  );
}
