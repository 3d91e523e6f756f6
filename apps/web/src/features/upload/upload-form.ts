import { CreateVideoFields } from '@kinora/contract';
import { visibilityBody, type VisibilityValue } from '../../components/VideoVisibility';
import { fieldErrorsFromSchema, type FieldErrors } from '../../lib/validation';

/** Every text of the upload screen that the spec gives (core §2.13, §5, §8). */
export const uploadText = {
  loading: 'Loading upload page',
  signedOutTitle: 'Login Required',
  signedOutMessage: 'Please login to upload videos and share your content.',
  signedOutAction: 'Go to Login',
  submit: 'Upload Video',
  submitting: 'Uploading...',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  videoRequired: 'Video file is required',
  thumbnailRequired: 'Thumbnail is required',
  notAVideo: 'Please select a valid video file',
  notAnImage: 'Please select a valid image file',
  failure: 'Failed to upload video. Please try again.',
  success: 'Video uploaded successfully!',
} as const;

export interface UploadFormValues {
  title: string;
  description: string;
  videoFile: File | null;
  thumbnail: File | null;
  visibility: VisibilityValue;
}

/** All problems at once (the spec shows every error together); empty when the form is good. */
export function validateUpload(values: UploadFormValues): FieldErrors {
  const parsed = CreateVideoFields.pick({ title: true, description: true }).safeParse({
    title: values.title,
    description: values.description,
  });
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromSchema(parsed.error);
  const video = videoFileError(values.videoFile);
  if (video) errors.videoFile = video;
  const thumbnail = thumbnailError(values.thumbnail);
  if (thumbnail) errors.thumbnail = thumbnail;
  const level = visibilityBody(values.visibility);
  if ('error' in level) errors.publishAt = level.error;
  return errors;
}

export function videoFileError(file: File | null): string | null {
  if (!file) return uploadText.videoRequired;
  return file.type.startsWith('video/') ? null : uploadText.notAVideo;
}

export function thumbnailError(file: File | null): string | null {
  if (!file) return uploadText.thumbnailRequired;
  return file.type.startsWith('image/') ? null : uploadText.notAnImage;
}
