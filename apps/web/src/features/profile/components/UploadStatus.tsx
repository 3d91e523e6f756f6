import type { ProfileImageUpload } from '../hooks/use-profile-image-upload';

/** Progress of one image upload, or why the chosen file was refused. */
export function UploadStatus({ label, upload }: { label: string; upload: ProfileImageUpload }) {
  if (upload.error) {
    return (
      <p role="alert" className="text-sm text-danger">
        {upload.error}
      </p>
    );
  }
  if (upload.progress === null) return null;
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="w-24 shrink-0 text-fg-muted">{label}</span>
      <progress max={100} value={upload.progress} aria-label={`${label} upload progress`} />
      <span className="w-10 shrink-0 text-right text-fg tabular-nums">{upload.progress}%</span>
    </div>
  );
}
