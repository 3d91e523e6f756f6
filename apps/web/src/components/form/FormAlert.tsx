import { cn } from '../../lib/cn';
import { XCircleIcon } from '../icons';

/** A form-level failure shown above the submit button, announced when it appears. */
export function FormAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-danger',
        className,
      )}
    >
      <XCircleIcon size={18} className="mt-px shrink-0" />
      <span>{message}</span>
    </div>
  );
}
