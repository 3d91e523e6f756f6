import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { announce } from '../../../lib/cache-events';
import { moderationKeys, moderationText } from '../api/moderation-api';

/**
 * A staff action that needs a reason (hide, restore, dismiss, ban, lift a ban): the reason's
 * state, and `run`, which refuses an empty reason, calls the server with the trimmed one, then
 * says so, tells other views and refetches the moderation screens. It resolves true on success.
 */
export function useReasonedAction() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (call: (reason: string) => Promise<unknown>, success: string) => {
    if (!reason.trim()) {
      setError(moderationText.reasonPrompt);
      return false;
    }
    setIsBusy(true);
    setError(null);
    try {
      await call(reason.trim());
      toast.success(success);
      announce({ type: 'content-moderated', from: 'moderation' });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
      return true;
    } catch (failure) {
      setError(messageOf(failure, moderationText.actionFailed));
      setIsBusy(false);
      return false;
    }
  };

  return { reason, setReason, error, isBusy, run };
}
