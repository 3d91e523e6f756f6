import type { ModerationExtras, ReportTarget } from '../components/moderation-extras';
import { useSession } from '../lib/auth';
import { loadedOnDemand } from './video-card-extras';

const ReportMenu = loadedOnDemand(
  async () => (await import('../features/moderation/components/ReportMenu')).ReportMenu,
);

const HeldReviewButtons = loadedOnDemand(
  async () =>
    (await import('../features/moderation/components/HeldReviewButtons')).HeldReviewButtons,
);

/** Only signed-in people report, and never their own thing: its code never loads otherwise. */
function SignedInReportMenu({ target }: { target: ReportTarget }) {
  const session = useSession();
  if (session.status !== 'signedIn' || session.user._id === target.ownerId) return null;
  return <ReportMenu target={target} />;
}

/** What moderation adds to the screens of videos, comments, tweets and channels. */
export const appModerationExtras: ModerationExtras = {
  ReportAction: SignedInReportMenu,
  HeldReview: HeldReviewButtons,
};
