import { useEffect, useId, useState, type DragEvent } from 'react';
import { FieldError } from '../../../components/form/TextField';
import { FilmIcon, ImageIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';

/**
 * A file picker as a drop zone: click, keyboard (the input inside is focusable) or drag a
 * file onto it. Shows the chosen file: the picture itself for images, name and size for
 * videos.
 */
export function MediaFileField({
  label,
  name,
  kind,
  file,
  error,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  kind: 'video' | 'image';
  file: File | null;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [isDragOver, setIsDragOver] = useState(false);
  const previewUrl = useObjectUrl(
    kind === 'image' && file?.type.startsWith('image/') ? file : null,
  );
  const Icon = kind === 'video' ? FilmIcon : ImageIcon;

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsDragOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-fg">
        {label}
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={drop}
        className={cn(
          'relative flex aspect-video cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed bg-canvas p-4 text-center transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
          error ? 'border-danger' : isDragOver ? 'border-accent' : 'border-border',
          disabled ? 'cursor-not-allowed opacity-60' : 'hover:border-border-strong',
        )}
      >
        {previewUrl ? (
          <>
            <img src={previewUrl} alt="" className="absolute inset-0 size-full object-cover" />
            <span className="dark relative mt-auto max-w-full truncate rounded-sm bg-canvas/85 px-2 py-1 text-xs font-medium text-fg">
              {file?.name} · Change
            </span>
          </>
        ) : (
          <>
            <span
              className={cn(
                'flex size-11 items-center justify-center rounded-full',
                file ? 'bg-accent-soft text-accent-text' : 'bg-raised text-fg-muted',
              )}
            >
              <Icon size={22} />
            </span>
            {file ? (
              <span className="flex max-w-full flex-col">
                <span className="truncate text-sm font-medium text-fg">{file.name}</span>
                <span className="text-xs text-fg-muted">
                  {formatFileSize(file.size)} · Choose another
                </span>
              </span>
            ) : (
              <span className="flex flex-col">
                <span className="text-sm font-medium text-fg">
                  {kind === 'video' ? 'Choose a video' : 'Choose an image'}
                </span>
                <span className="text-xs text-fg-muted">or drop it here</span>
              </span>
            )}
          </>
        )}
        <input
          id={id}
          name={name}
          type="file"
          accept={kind === 'video' ? 'video/*' : 'image/*'}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="sr-only"
        />
      </label>
      <FieldError id={error ? `${id}-error` : undefined} message={error} />
    </div>
  );
}

/** A `blob:` URL for the file, released when the file changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** '734 KB', '1.4 GB': file sizes in the units people expect from their file manager. */
function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
