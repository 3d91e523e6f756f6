import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { UploadIcon, XCircleIcon } from '../../../components/icons';
import { ProgressBar } from '../../../components/ProgressBar';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { announce } from '../../../lib/cache-events';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { FieldErrors } from '../../../lib/validation';
import { publishVideo, type PublishVideoInput } from '../api/publish-video';
import {
  thumbnailError,
  uploadText,
  validateUpload,
  videoFileError,
  type UploadFormValues,
} from '../upload-form';
import { MediaFileField } from './MediaFileField';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageTitle } from '../../../components/Page';
import {
  defaultVisibility,
  visibilityBody,
  VisibilityFields,
} from '../../../components/VideoVisibility';

/** /upload (core §2.13): sign-in screen for visitors, the upload form for signed-in users. */
export const UploadPage = signedInOnly(UploadForm, uploadText);

/** The two files of an upload, side by side. */
const mediaFields = [
  { name: 'videoFile', label: 'Video File', kind: 'video' },
  { name: 'thumbnail', label: 'Thumbnail', kind: 'image' },
] as const;

interface Progress {
  video: number;
  thumbnail: number;
}

function UploadForm() {
  useDocumentTitle('Upload Video');
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<UploadFormValues>({
    title: '',
    description: '',
    videoFile: null,
    thumbnail: null,
    visibility: defaultVisibility,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);

  // Leaving the page stops an upload in flight.
  useEffect(() => () => cancel.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (input: PublishVideoInput) => {
      cancel.current = new AbortController();
      return publishVideo(input, {
        onVideoProgress: (video) => setProgress((p) => ({ thumbnail: 0, ...p, video })),
        onThumbnailProgress: (thumbnail) => setProgress((p) => ({ video: 0, ...p, thumbnail })),
        signal: cancel.current.signal,
      });
    },
    onSuccess: () => {
      // Every list of videos (home, channel, dashboard, one's own) shows it now.
      announce({ type: 'videos-changed', from: 'upload' });
      toast.success(uploadText.success);
      navigate('/');
    },
    onError: (error) => {
      if (error.name === 'AbortError') return; // the page was left
      setFailure(errorMessage(error, ''));
    },
  });
  const isBusy = upload.isPending || upload.isSuccess;
  useWarnBeforeLeaving(upload.isPending);

  const set = <K extends keyof UploadFormValues>(field: K, value: UploadFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const chooseFile = (field: 'videoFile' | 'thumbnail', file: File | null) => {
    set(field, file);
    // A wrong kind of file is said at once; a missing one only when submitting.
    const problem = file ? (field === 'videoFile' ? videoFileError : thumbnailError)(file) : null;
    if (problem) setErrors((current) => ({ ...current, [field]: problem }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const found = validateUpload(values);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    setErrors({});
    setProgress({ video: 0, thumbnail: 0 });
    const level = visibilityBody(values.visibility);
    upload.mutate({
      ...('body' in level ? { level: level.body } : {}),
      title: values.title.trim(),
      description: values.description.trim(),
      videoFile: values.videoFile as File,
      thumbnailFile: values.thumbnail as File,
    });
  };

  const isSaving = upload.isPending && progress?.video === 100 && progress.thumbnail === 100;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <PageTitle>Upload Video</PageTitle>
      <p className="mt-1 text-fg-muted">
        Your video plays as soon as it is uploaded; sharper qualities follow while it processes.
      </p>

      <form
        noValidate
        onSubmit={submit}
        aria-label="Upload video"
        className="mt-6 rounded-lg border border-border bg-surface p-4 shadow-card sm:p-6"
      >
        <fieldset disabled={isBusy} className="flex min-w-0 flex-col gap-5">
          <TextField
            label="Title"
            name="title"
            value={values.title}
            maxLength={200}
            autoComplete="off"
            error={errors.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            maxLength={5000}
            value={values.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            {mediaFields.map(({ name, label, kind }) => (
              <MediaFileField
                key={name}
                label={label}
                name={name}
                kind={kind}
                file={values[name]}
                error={errors[name]}
                disabled={isBusy}
                onChange={(file) => chooseFile(name, file)}
              />
            ))}
          </div>
          <VisibilityFields
            value={values.visibility}
            error={errors.publishAt}
            disabled={isBusy}
            onChange={(visibility) => {
              set('visibility', visibility);
              setErrors((current) => ({ ...current, publishAt: undefined }));
            }}
          />
        </fieldset>

        {progress ? (
          <div className="mt-6 flex flex-col gap-2.5 rounded-md bg-canvas p-3 sm:p-4">
            <ProgressBar label="Video" value={progress.video} />
            <ProgressBar label="Thumbnail" value={progress.thumbnail} />
            <p role="status" className="text-sm text-fg-muted">
              {isSaving
                ? 'Files uploaded. Saving your video…'
                : upload.isPending
                  ? 'Uploading… keep this page open until it finishes.'
                  : ''}
            </p>
          </div>
        ) : null}

        {failure !== null ? (
          <div
            role="alert"
            className="mt-4 flex items-start gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-danger"
          >
            <XCircleIcon size={18} className="mt-px shrink-0" />
            <div>
              <p className="font-medium">{uploadText.failure}</p>
              {failure && failure !== uploadText.failure ? <p>{failure}</p> : null}
            </div>
          </div>
        ) : null}

        <div className="mt-6 flex justify-end">
          <Button type="submit" size="lg" disabled={isBusy} className="w-full sm:w-auto">
            <UploadIcon size={18} />
            {isBusy ? uploadText.submitting : uploadText.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Moves focus to the first field, in form order, that has an error. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors): void {
  const first = Array.from(form.elements).find((element) => {
    const name = (element as HTMLInputElement).name;
    return Boolean(name && errors[name]);
  });
  (first as HTMLElement | undefined)?.focus();
}

/** Asks the browser to confirm before the tab is closed while an upload runs. */
function useWarnBeforeLeaving(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isActive]);
}
