import type { BodyOf } from '@kinora/contract';
import { api } from '../../../lib/api';

/** Calls of the profile screens; each answers the updated current user. */

export function updateProfileDetails(body: BodyOf<'updateDetails'>) {
  return api('updateDetails', { body });
}

export function changeAvatar(file: File, onUploadProgress: (percent: number) => void) {
  return api('changeAvatar', { files: { avatar: file }, onUploadProgress });
}

export function changeCoverImage(file: File, onUploadProgress: (percent: number) => void) {
  return api('changeCoverImage', { files: { coverImage: file }, onUploadProgress });
}
