import { hasVisibleText, trimText, type Playlist, type PlaylistVisibility } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { ChoiceCards } from '../../../components/form/ChoiceCards';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { messageOf } from '../../../lib/api';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX, playlistText } from '../api/playlists-api';

export interface PlaylistFormValues {
  name: string;
  description: string;
  visibility: PlaylistVisibility;
}

const visibilityOptions: { value: PlaylistVisibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Anyone can find and watch it' },
  { value: 'unlisted', label: 'Unlisted', hint: 'Only people with the link' },
  { value: 'private', label: 'Private', hint: 'Only you' },
];

/**
 * Create Playlist and Edit Playlist (spec §2, §5): name and description with live counters,
 * both required, the submit disabled while either is blank; the failure in the spec's words,
 * the server's message preferred.
 */
export function PlaylistFormDialog({
  playlist,
  onSubmit,
  onClose,
}: {
  /** The playlist to edit; none to create one. */
  playlist?: Playlist;
  onSubmit: (values: PlaylistFormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const isEdit = playlist !== undefined;
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [visibility, setVisibility] = useState<PlaylistVisibility>(
    playlist?.visibility ?? 'public',
  );
  // A blank field says so once the person has left it (the submit stays disabled meanwhile).
  const [touched, setTouched] = useState({ name: false, description: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  // The contract's rule: a text of spaces and invisible characters alone is blank.
  const isBlank = !hasVisibleText(name) || !hasVisibleText(description);
  const errors = {
    name: touched.name && !hasVisibleText(name) ? playlistText.nameRequired : undefined,
    description:
      touched.description && !hasVisibleText(description)
        ? playlistText.descriptionRequired
        : undefined,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, description: true });
    if (isBlank) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await onSubmit({ name: trimText(name), description: trimText(description), visibility });
      onClose();
    } catch (error) {
      setFailure(messageOf(error, isEdit ? playlistText.updateFailed : playlistText.createFailed));
      setIsSaving(false);
    }
  };

  return (
    <Dialog title={isEdit ? 'Edit Playlist' : 'Create Playlist'} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          value={name}
          maxLength={PLAYLIST_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          error={errors.name}
          hint={`${name.length}/${PLAYLIST_NAME_MAX} characters`}
          autoComplete="off"
        />
        <div className="flex flex-col gap-1.5">
          <TextAreaField
            label="Description"
            name="description"
            rows={3}
            value={description}
            maxLength={PLAYLIST_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, description: true }))}
            error={errors.description}
          />
          <p className="text-xs text-fg-muted">
            {description.length}/{PLAYLIST_DESCRIPTION_MAX} characters
          </p>
        </div>
        <ChoiceCards
          legend="Visibility"
          options={visibilityOptions}
          chosen={visibility}
          onChoose={setVisibility}
        />
        <FormAlert message={failure} />
        <DialogActions onCancel={onClose} className="pt-1">
          <Button type="submit" disabled={isBlank || isSaving}>
            {isSaving ? 'Saving…' : isEdit ? 'Save Changes' : 'Create Playlist'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
