import { useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A button that opens the file chooser for one image. The file input itself is hidden but
 * labelled, so assistive technology and tests can still reach it.
 */
export function ImagePickerButton({
  inputLabel,
  buttonLabel,
  showText,
  disabled,
  onFile,
  className,
  children,
}: {
  /** Accessible name of the file input, e.g. 'Avatar'. */
  inputLabel: string;
  /** Accessible name (and tooltip) of the button, e.g. 'Change avatar'. */
  buttonLabel: string;
  /** Show the button label as text beside the icon. */
  showText?: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
  className?: string;
  children: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-label={inputLabel}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // choosing the same file again must fire again
          if (file) onFile(file);
        }}
      />
      <button
        type="button"
        aria-label={showText ? undefined : buttonLabel}
        title={buttonLabel}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className={cn(
          'inline-flex items-center justify-center gap-2 rounded-full border border-border bg-surface font-medium text-fg shadow-card transition-colors hover:bg-raised disabled:opacity-60',
          showText ? 'h-9 px-3 text-sm' : 'size-9',
          className,
        )}
      >
        {children}
        {showText ? buttonLabel : null}
      </button>
    </>
  );
}
