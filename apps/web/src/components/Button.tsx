import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover',
  secondary: 'border border-border bg-surface text-fg hover:bg-raised',
  ghost: 'text-fg hover:bg-raised',
  danger: 'bg-danger text-white hover:opacity-90 dark:text-canvas',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-11 gap-2 px-5 text-base',
};

/** Classes of a button, for links that look like one: `<Link className={buttonClass()}>`. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/**
 * A rounded button that stays pressed while its choice holds (`aria-pressed`): the switches
 * between a page's views and the orders of a list.
 */
export function PillToggle({
  isPressed,
  size = 'md',
  onClick,
  children,
}: {
  isPressed: boolean;
  size?: 'sm' | 'md';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      onClick={onClick}
      className={cn(
        'rounded-full text-sm font-medium transition-colors',
        size === 'sm' ? 'h-8 px-3' : 'h-9 px-4',
        isPressed ? 'bg-fg text-canvas' : 'bg-raised text-fg hover:bg-border',
      )}
    >
      {children}
    </button>
  );
}

/** A square button holding only an icon; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(iconButtonClass, className)}
      {...props}
    />
  );
}

export const iconButtonClass =
  'inline-flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-full text-fg transition-colors hover:bg-raised disabled:opacity-60';
