import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonClass } from './Button';
import { LogInIcon } from './icons';

/** What the sign-in prompt says: its heading, an optional line, and its button. */
export type SignInPromptText = { title: string; message?: string; actionLabel?: string };

/** What signed-out visitors see on a screen that needs a signed-in user. */
export function SignInPrompt({ title, message, actionLabel = 'Sign In Now' }: SignInPromptText) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <LogInIcon size={26} />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      {message ? <p className="text-fg-muted">{message}</p> : null}
      <Link to="/login" className={buttonClass({ size: 'lg' })}>
        {actionLabel}
      </Link>
    </section>
  );
}
