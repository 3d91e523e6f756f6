import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../../components/icons';

/** The frame of the sign-in screens: logo link home, a card, and the link to the other form. */
export function AuthCard({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <Link
        to="/"
        aria-label="Kinora home"
        className="mx-auto mb-8 flex w-fit items-center gap-2.5 rounded-md p-1"
      >
        <LogoMark size={36} />
        <span className="text-2xl font-bold tracking-tight">Kinora</span>
      </Link>
      <div className="rounded-xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-fg-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <p className="mt-6 text-center text-sm text-fg-muted">{footer}</p> : null}
    </div>
  );
}

export const authLinkClass =
  'rounded-sm font-semibold text-accent-text underline-offset-4 hover:underline';

/** A link in the sign-in screens' own style (Sign In, Sign Up, Forgot password?). */
export function AuthLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className ? `${className} ${authLinkClass}` : authLinkClass}>
      {children}
    </Link>
  );
}
