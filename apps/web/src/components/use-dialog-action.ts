import { useState } from 'react';
import { messageOf } from '../lib/api';
import { useToast } from './toast';

/**
 * A dialog's one call to the server: `run` marks it busy, calls, says `success` and resolves
 * true; on a failure it shows the server's message (else `failure`) in the dialog, frees the
 * button and resolves false.
 */
export function useDialogAction() {
  const toast = useToast();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<unknown>, text: { success: string; failure: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      await call();
      toast.success(text.success);
      return true;
    } catch (failure) {
      setError(messageOf(failure, text.failure));
      setIsBusy(false);
      return false;
    }
  };

  return { isBusy, error, run };
}
