import type { Caption } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { CaptionRecord } from './captions.repository';

export function presentCaption(record: CaptionRecord, storage: Storage): Caption {
  return {
    language: record.language,
    label: record.label,
    url: storage.publicUrl(record.vttKey),
    playlist: storage.publicUrl(record.playlistKey),
    cues: record.cueCount,
    updatedAt: record.updatedAt.toISOString(),
  };
}
