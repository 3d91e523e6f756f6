import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button';
import { UploadIcon } from './icons';

/** The link to /upload drawn as a button with the upload icon (pages' and empty states' calls to upload). */
export function UploadLink({
  variant,
  size,
  className,
  children,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to="/upload" className={buttonClass({ variant, size, className })}>
      <UploadIcon size={size === 'sm' ? 16 : 18} />
      {children}
    </Link>
  );
}
