import type { CurrentUser } from '@kinora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { announceProfileUpdated, replaceSessionUser } from '../../../lib/auth';
import { changeAvatar, changeCoverImage } from '../api/profile-api';
import { validateAvatarFile, validateCoverImageFile } from '../../../lib/image-file';

/** The progress bar stays on 100 this long after an upload, then clears (signed-in-areas §4). */
export const PROGRESS_RESET_MS = 1500;

const kinds = {
  avatar: {
    upload: changeAvatar,
    validate: validateAvatarFile,
    success: 'Avatar updated successfully!',
    failure: 'Failed to update avatar. Please try again.',
  },
  coverImage: {
    upload: changeCoverImage,
    validate: validateCoverImageFile,
    success: 'Cover image updated successfully!',
    failure: 'Failed to update cover image. Please try again.',
  },
} as const;

export interface ProfileImageUpload {
  /** Checks the file and, when it is acceptable, uploads it at once. */
  start(file: File): void;
  /** Upload percent while uploading and briefly after; null when idle. */
  progress: number | null;
  /** Why the chosen file was refused, if it was. */
  error: string | null;
  isUploading: boolean;
}

/** Replacing the avatar or the cover image: check, upload with progress, update the session. */
export function useProfileImageUpload(kind: keyof typeof kinds): ProfileImageUpload {
  const { upload, validate, success, failure } = kinds[kind];
  const queryClient = useQueryClient();
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  const resetProgressLater = () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setProgress(null), PROGRESS_RESET_MS);
  };

  const mutation = useMutation({
    mutationFn: (file: File) => upload(file, setProgress),
    onSuccess: (user: CurrentUser) => {
      replaceSessionUser(queryClient, user);
      announceProfileUpdated();
      toast.success(success);
    },
    onError: () => toast.error(failure),
    onSettled: resetProgressLater,
  });

  return {
    start: (file) => {
      const refusal = validate(file);
      setError(refusal);
      if (refusal) return;
      if (resetTimer.current) clearTimeout(resetTimer.current);
      setProgress(0);
      mutation.mutate(file);
    },
    progress,
    error,
    isUploading: mutation.isPending,
  };
}
