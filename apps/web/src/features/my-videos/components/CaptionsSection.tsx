import { captionLimits, CaptionLanguage, type Caption } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/form/FormAlert';
import { FileField } from '../../../components/form/FileField';
import { TextField } from '../../../components/form/TextField';
import { ProgressBar } from '../../../components/ProgressBar';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { announce } from '../../../lib/cache-events';
import {
  captionsText,
  deleteCaptions,
  fetchCaptions,
  myVideosKeys,
  putCaptions,
} from '../api/my-videos-api';

const fileAccept = '.srt,.vtt,text/vtt,application/x-subrip';

/**
 * A video's captions in the Edit Video dialog (issue 22 item 4): the languages it has, a file
 * to add one (SRT or WebVTT, with its language tag and label), and each language replaced or
 * removed. The server checks the file; its refusal ('Line 12: the cue ends before it starts')
 * shows here as it is.
 */
export function CaptionsSection({ videoId }: { videoId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const captions = useQuery({
    queryKey: myVideosKeys.captions(videoId),
    queryFn: ({ signal }) => fetchCaptions(videoId, signal),
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: myVideosKeys.captions(videoId) });
    // The watch page's player reads them too.
    announce({ type: 'videos-changed', from: 'my-videos' });
  };
  const save = useMutation({
    mutationFn: (input: { language: string; label: string; file: File }) =>
      putCaptions({ videoId, ...input, onProgress: setProgress }),
    onMutate: () => {
      setFailure(null);
      setProgress(0);
    },
    onSuccess: () => {
      changed();
      toast.success(captionsText.added);
    },
    onError: (error) => setFailure(messageOf(error, captionsText.saveFailed)),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: (language: string) => deleteCaptions({ videoId, language }),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      changed();
      toast.success(captionsText.removed);
    },
    onError: (error) => setFailure(messageOf(error, captionsText.removeFailed)),
  });
  const isBusy = save.isPending || remove.isPending;

  return (
    <section aria-labelledby={`${videoId}-captions`} className="flex flex-col gap-3">
      <h3 id={`${videoId}-captions`} className="text-base font-semibold text-fg">
        {captionsText.heading}
      </h3>
      {captions.isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          Loading captions…
        </p>
      ) : captions.isError ? (
        <p className="text-sm text-danger">{captionsText.loadFailed}</p>
      ) : captions.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{captionsText.none}</p>
      ) : (
        <ul aria-label="Caption languages" className="flex flex-col gap-2">
          {captions.data.map((caption) => (
            <CaptionRow
              key={caption.language}
              caption={caption}
              disabled={isBusy}
              onReplace={(file) =>
                save.mutate({ language: caption.language, label: caption.label, file })
              }
              onRemove={() => remove.mutate(caption.language)}
            />
          ))}
        </ul>
      )}
      <AddCaptions
        disabled={isBusy}
        isFull={(captions.data?.length ?? 0) >= captionLimits.languagesPerVideo}
        onAdd={(input) => save.mutateAsync(input)}
      />
      {progress !== null ? <ProgressBar label="Captions file" value={progress} /> : null}
      <FormAlert message={failure} />
    </section>
  );
}

function CaptionRow({
  caption,
  disabled,
  onReplace,
  onRemove,
}: {
  caption: Caption;
  disabled: boolean;
  onReplace: (file: File) => void;
  onRemove: () => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const name = `${caption.label} (${caption.language})`;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2">
      <span className="min-w-0 flex-1 text-sm text-fg">
        <span className="font-medium">{caption.label}</span>{' '}
        <span className="text-fg-muted">
          {caption.language} · {caption.cues} {caption.cues === 1 ? 'cue' : 'cues'}
        </span>
      </span>
      <input
        ref={fileRef}
        type="file"
        accept={fileAccept}
        aria-label={`Replacement file for ${name}`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onReplace(file);
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        aria-label={`Replace ${name}`}
        onClick={() => fileRef.current?.click()}
      >
        Replace
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

function AddCaptions({
  disabled,
  isFull,
  onAdd,
}: {
  disabled: boolean;
  isFull: boolean;
  onAdd: (input: { language: string; label: string; file: File }) => Promise<unknown>;
}) {
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const parsedLanguage = CaptionLanguage.safeParse(language);
  const errors = {
    language: !language.trim()
      ? 'Language is required'
      : parsedLanguage.success
        ? undefined
        : captionsText.languageInvalid,
    label: label.trim() ? undefined : 'Label is required',
    file: !file
      ? 'Choose an SRT or WebVTT file'
      : file.size > captionLimits.fileMaxBytes
        ? `Caption files must be at most ${captionLimits.fileMaxBytes / 1024} KB`
        : undefined,
  };
  const isValid = !errors.language && !errors.label && !errors.file;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setAttempted(true);
    if (!isValid || !file || !parsedLanguage.success) return;
    try {
      await onAdd({ language: parsedLanguage.data, label: label.trim(), file });
      setLanguage('');
      setLabel('');
      setFile(null);
      setAttempted(false);
      formRef.current?.reset();
    } catch {
      // Shown by the section.
    }
  };

  if (isFull) {
    return (
      <p className="text-sm text-fg-muted">
        A video can have captions in at most {captionLimits.languagesPerVideo} languages.
      </p>
    );
  }
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Add captions"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 sm:grid-cols-2"
    >
      <TextField
        label="Language"
        name="language"
        value={language}
        placeholder="en"
        maxLength={35}
        autoComplete="off"
        onChange={(event) => setLanguage(event.target.value)}
        error={attempted ? errors.language : undefined}
        hint={captionsText.languageHint}
      />
      <TextField
        label="Label"
        name="label"
        value={label}
        placeholder="English"
        maxLength={captionLimits.label}
        autoComplete="off"
        onChange={(event) => setLabel(event.target.value)}
        error={attempted ? errors.label : undefined}
      />
      <FileField
        label="Captions file"
        accept={fileAccept}
        disabled={disabled}
        error={attempted ? errors.file : undefined}
        hint="SRT or WebVTT, UTF-8, up to 512 KB."
        onFile={setFile}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" size="sm" disabled={disabled}>
          Add captions
        </Button>
      </div>
    </form>
  );
}
