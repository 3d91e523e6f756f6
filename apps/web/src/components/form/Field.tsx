import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A form field's frame: its label above the control (`htmlFor` is the control's id), then the
 * control and what goes under it (a hint, an error), spaced alike in every form.
 */
export function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  );
}
