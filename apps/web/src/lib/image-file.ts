import { limits } from '@kinora/contract';

/** The checks the spec names for avatar and cover images (signed-in-areas §5). */
export const imageFileMessages = {
  notAnImage: 'Please select a valid image file',
  avatarTooLarge: 'Avatar file size must be less than 5MB',
  coverTooLarge: 'Cover image file size must be less than 10MB',
} as const;

function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}

/** The message to show for an avatar file, or null when it is acceptable. */
export function validateAvatarFile(file: File): string | null {
  if (!isImage(file)) return imageFileMessages.notAnImage;
  if (file.size >= limits.avatarMaxBytes) return imageFileMessages.avatarTooLarge;
  return null;
}

/** The message to show for a cover image file, or null when it is acceptable. */
export function validateCoverImageFile(file: File): string | null {
  if (!isImage(file)) return imageFileMessages.notAnImage;
  if (file.size >= limits.coverImageMaxBytes) return imageFileMessages.coverTooLarge;
  return null;
}
