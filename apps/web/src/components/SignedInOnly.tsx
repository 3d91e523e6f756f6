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

/** The words of a signed-in screen's stand-ins, kept with the feature's other texts. */
export interface SignedInScreenText {
  /** Names the page's grey shape while the session is learned. */
  loading: string;
  signedOutTitle: string;
  signedOutMessage?: string;
  signedOutAction?: string;
}

/**
 * The page component of a screen only signed-in people use: `Screen` drawn for the signed-in
 * user, behind `SignedInOnly` with the feature's `text`.
 */
export function signedInOnly(
  Screen: ComponentType<{ user: CurrentUser }>,
  text: SignedInScreenText,
) {
  const signedOut: SignInPromptText = {
    title: text.signedOutTitle,
    message: text.signedOutMessage,
    actionLabel: text.signedOutAction,
  };
  return function SignedInScreen() {
    return (
      <SignedInOnly loading={text.loading} signedOut={signedOut}>
        {(user) => <Screen user={user} />}
      </SignedInOnly>
    );
  };
}
