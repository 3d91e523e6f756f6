import { useId } from 'react';
import { Field } from './Field';

/**
 * A labelled file input that hands back the chosen file (or null), with a hint under it that
 * an error replaces (announced) when there is one.
 */
export function FileField({
  label,
  accept,
  disabled,
  error,
  hint,
  onFile,
  className,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  error?: string | null | undefined;
  hint: string;
  onFile: (file: File | null) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id} className={className}>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        className="text-sm text-fg-muted file:mr-3 file:rounded-md file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-border"
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-fg-muted">{hint}</p>
      )}
    </Field>
  );
}
