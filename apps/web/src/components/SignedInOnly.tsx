import type { CurrentUser } from '@kinora/contract';
import type { ComponentType, ReactNode } from 'react';
import { useSession } from '../lib/auth';
import { PageSkeleton } from './PageSkeleton';
import { SignInPrompt, type SignInPromptText } from './SignInPrompt';

/**
 * A screen only signed-in people use (signed-in-areas §2): the page's grey shape (announced as
 * `loading`) while the session is learned, the sign-in prompt for a visitor, else the screen
 * drawn for the signed-in `user`.
 */
export function SignedInOnly({
  loading,
  signedOut,
  children,
}: {
  loading: string;
  signedOut: SignInPromptText;
  children: (user: CurrentUser) => ReactNode;
}) {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label={loading} />;
  if (session.status === 'signedOut') return <SignInPrompt {...signedOut} />;
  return children(session.user);
}

/**
 * The page component of a screen only signed-in people use: `Screen` drawn for the signed-in
 * user, behind `SignedInOnly` with these texts (`loading` and the sign-in prompt's).
 */
export function signedInOnly(
  Screen: ComponentType<{ user: CurrentUser }>,
  { loading, ...signedOut }: SignInPromptText & { loading: string },
) {
  return function SignedInScreen() {
    return (
      <SignedInOnly loading={loading} signedOut={signedOut}>
        {(user) => <Screen user={user} />}
      </SignedInOnly>
    );
  };
}
