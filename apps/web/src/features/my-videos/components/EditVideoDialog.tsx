import type { Video } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { FileField } from '../../../components/form/FileField';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { ProgressBar } from '../../../components/ProgressBar';
import { messageOf } from '../../../lib/api';
import { myVideosText, type EditVideoInput } from '../api/my-videos-api';
import { CaptionsSection } from './CaptionsSection';

/**
 * Edit Video: title and description (both required, trimmed, as on upload) and an optional new
 * thumbnail, hosted through the signed upload before the change is saved; below it, the
 * video's captions, each saved as it is added.
 */
export function EditVideoDialog({
  video,
  onSubmit,
  onClose,
}: {
  video: Video;
  onSubmit: (input: EditVideoInput, onProgress: (percent: number) => void) => Promise<unknown>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [thumbnailFile, setThumbnailFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const errors = {
    title: title.trim() ? undefined : 'Title is required',
    description: description.trim() ? undefined : 'Description is required',
  };
  const isBlank = errors.title !== undefined || errors.description !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await onSubmit(
        { title: title.trim(), description: description.trim(), thumbnailFile },
        setProgress,
      );
      onClose();
    } catch (error) {
      setFailure(messageOf(error, myVideosText.updateFailed));
      setIsSaving(false);
      setProgress(null);
    }
  };

  return (
    <Dialog title={myVideosText.editTitle} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Title"
          name="title"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          autoComplete="off"
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          value={description}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
        <FileField
          label="New thumbnail"
          accept="image/*"
          disabled={isSaving}
          hint="Leave empty to keep the current thumbnail."
          onFile={setThumbnailFile}
        />
        {progress !== null && thumbnailFile ? (
          <ProgressBar label="Thumbnail" value={progress} />
        ) : null}
        <FormAlert message={failure} />
        <DialogActions onCancel={onClose} className="pt-1">
          <Button type="submit" disabled={isBlank || isSaving}>
            {isSaving ? 'Saving…' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
      {/* Saved on their own, outside the form: each file is checked and kept as it is added. */}
      <div className="mt-5 border-t border-border pt-4">
        <CaptionsSection videoId={video._id} />
      </div>
    </Dialog>
  );
}
