import type { SetVideoVisibilityBody, Video } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import {
  visibilityBody,
  VisibilityFields,
  visibilityValueOf,
  type VisibilityValue,
} from '../../../components/VideoVisibility';
import { messageOf } from '../../../lib/api';
import { myVideosText } from '../api/my-videos-api';
import { videoTitle } from './videoTitle';

/**
 * Visibility of one video (decision 0039): Public, Unlisted, Private, or Schedule with a date and
 * time. A past date is said under the date before anything is sent; the server's refusal shows
 * above the buttons.
 */
export function VisibilityDialog({
  video,
  onSubmit,
  onClose,
}: {
  video: Video;
  onSubmit: (body: SetVideoVisibilityBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<VisibilityValue>(() => visibilityValueOf(video));
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = visibilityBody(value);
    if ('error' in checked) {
      setDateError(checked.error);
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      await onSubmit(checked.body);
      onClose();
    } catch (error) {
      setFailure(messageOf(error, myVideosText.visibilityFailed));
      setIsSaving(false);
    }
  };

  return (
    <Dialog title={myVideosText.visibilityTitle} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="line-clamp-2 text-sm break-words text-fg-muted">{videoTitle(video)}</p>
        <VisibilityFields
          value={value}
          error={dateError}
          disabled={isSaving}
          onChange={(next) => {
            setValue(next);
            setDateError(undefined);
          }}
        />
        <FormAlert message={failure} />
        <DialogActions onCancel={onClose} className="pt-1">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
