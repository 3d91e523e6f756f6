import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-black tracking-tight text-accent-text" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Page not found (404)</h1>
      <p className="text-fg-muted">The address may be mistyped, or the page may have moved.</p>
      <Link to="/" className={buttonClass()}>
        Go to Home
      </Link>
    </section>
  );
}
