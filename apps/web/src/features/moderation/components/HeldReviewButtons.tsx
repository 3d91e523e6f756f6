import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { announce } from '../../../lib/cache-events';
import { moderationText, reviewHeld } from '../api/moderation-api';

/** Approve or Reject under a held comment (its video's owner) or tweet (staff). */
export function HeldReviewButtons({
  targetKind,
  targetId,
  onReviewed,
}: {
  targetKind: 'comment' | 'tweet';
  targetId: string;
  onReviewed?: () => void;
}) {
  const toast = useToast();
  const [isBusy, setIsBusy] = useState(false);
  const decide = async (decision: 'approve' | 'reject') => {
    setIsBusy(true);
    try {
      await reviewHeld({ targetKind, targetId, decision });
      toast.success(decision === 'approve' ? moderationText.approved : moderationText.rejected);
      onReviewed?.();
      announce({ type: 'content-moderated', from: 'moderation' });
    } catch (failure) {
      toast.error(messageOf(failure, moderationText.actionFailed));
      setIsBusy(false);
    }
  };
  return (
    <span className="flex gap-2">
      <Button size="sm" disabled={isBusy} onClick={() => void decide('approve')}>
        {moderationText.approve}
      </Button>
      <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => void decide('reject')}>
        {moderationText.reject}
      </Button>
    </span>
  );
}
