import { useId, type TextareaHTMLAttributes } from 'react';
import { Field } from './Field';
import { FieldError } from './TextField';

export const textAreaClass =
  'w-full rounded-md border border-border bg-surface px-3 py-2.5 text-base text-fg placeholder:text-fg-muted transition-colors hover:border-border-strong focus-visible:border-focus aria-[invalid=true]:border-danger disabled:bg-raised disabled:text-fg-muted sm:text-sm';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  name: string;
  error?: string | undefined;
}

/** A labelled multi-line input with its error wired up for assistive technology. */
export function TextAreaField({ label, name, error, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field label={label} htmlFor={id} className={className}>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={textAreaClass}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </Field>
  );
}
