import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/form/TextField';
import { ImageIcon, UserIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';

/** A labelled image picker with a preview of the chosen file. */
export function ImageFileField({
  label,
  name,
  shape,
  required,
  optionalNote,
  error,
  onChange,
}: {
  label: string;
  name: string;
  shape: 'round' | 'wide';
  required?: boolean;
  optionalNote?: string;
  error?: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const [previewUrl, showPreviewOf] = usePreviewUrl();

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {optionalNote ? <span className="text-xs text-fg-muted">{optionalNote}</span> : null}
      </div>
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden border border-border bg-raised text-fg-muted',
            shape === 'round' ? 'size-14 rounded-full' : 'aspect-video h-14 rounded-md',
          )}
        >
          {previewUrl ? (
            <img src={previewUrl} alt={`${label} preview`} className="size-full object-cover" />
          ) : shape === 'round' ? (
            <UserIcon />
          ) : (
            <ImageIcon />
          )}
        </span>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            showPreviewOf(chosen);
            onChange(chosen);
          }}
          className="min-w-0 flex-1 text-sm text-fg-muted file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-raised file:px-3 file:text-sm file:font-medium file:text-fg hover:file:bg-border"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A `blob:` URL previewing the chosen image. Each new choice releases the previous URL, and
 * leaving the form releases the last one.
 */
function usePreviewUrl(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  const showPreviewOf = (file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  };
  return [url, showPreviewOf];
}
