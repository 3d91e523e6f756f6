import { useRef } from 'react';
import { cn } from '../../../lib/cn';
import type { ProfileImageUpload } from '../hooks/use-profile-image-upload';
import { CameraIcon } from '../icons';

/**
 * A camera button that opens the file chooser for one profile image and starts its `upload`
 * (it waits while one is on its way). The file input itself is hidden but labelled, so
 * assistive technology and tests can still reach it.
 */
export function ImagePickerButton({
  inputLabel,
  buttonLabel,
  showText,
  upload,
  className,
}: {
  /** Accessible name of the file input, e.g. 'Avatar'. */
  inputLabel: string;
  /** Accessible name (and tooltip) of the button, e.g. 'Change avatar'. */
  buttonLabel: string;
  /** Show the button label as text beside the icon. */
  showText?: boolean;
  upload: Pick<ProfileImageUpload, 'start' | 'isUploading'>;
  className?: string;
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
        disabled={upload.isUploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // choosing the same file again must fire again
          if (file) upload.start(file);
        }}
      />
      <button
        type="button"
        aria-label={showText ? undefined : buttonLabel}
        title={buttonLabel}
        disabled={upload.isUploading}
        onClick={() => inputRef.current?.click()}
        className={cn(
          'inline-flex items-center justify-center gap-2 rounded-full border border-border bg-surface font-medium text-fg shadow-card transition-colors hover:bg-raised disabled:opacity-60',
          showText ? 'h-9 px-3 text-sm' : 'size-9',
          className,
        )}
      >
        <CameraIcon size={16} />
        {showText ? buttonLabel : null}
      </button>
    </>
  );
}
