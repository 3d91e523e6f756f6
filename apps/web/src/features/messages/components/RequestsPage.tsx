import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestText } from '../api/requests-api';
import { RequestsPanel } from './RequestsPanel';

/** /requests: the message requests waiting for the signed-in person's answer. */
export function RequestsPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading message requests" />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt
        title={requestText.heading}
        message="Sign in to see who asked to message you."
      />
    );
  }
  return <SignedInRequestsPage />;
}

function SignedInRequestsPage() {
  useDocumentTitle(requestText.heading);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {requestText.heading}
      </h1>
      <RequestsPanel headingLevel={2} />
    </div>
  );
}

/** /profile/requests: the same list inside the profile area, which checks the session. */
export function RequestsTab() {
  return (
    <section aria-labelledby="profile-requests" className="flex flex-col gap-4 px-4 py-6 sm:px-0">
      <h2 id="profile-requests" className="text-xl font-bold tracking-tight text-fg">
        {requestText.heading}
      </h2>
      <RequestsPanel />
    </section>
  );
}
