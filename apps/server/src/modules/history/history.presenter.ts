import type { HistoryEntry, WatchPosition } from '@kinora/contract';
import { encodeCursor } from '../../platform/db/keyset';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo } from '../videos';
import type { HistoryRecord, WatchPositionRecord } from './history.repository';

export function presentHistoryEntry(record: HistoryRecord, storage: Storage): HistoryEntry {
  return {
    ...presentVideo(record, storage),
    watchedAt: record.watchedAt.toISOString(),
    positionSeconds: record.positionSeconds,
    cursor: encodeCursor({ micros: record.watchedAtMicros, id: record.id }),
  };
}

export function presentWatchPosition(record: WatchPositionRecord): WatchPosition {
  return {
    videoId: record.videoId,
    positionSeconds: record.positionSeconds,
    watchedAt: record.watchedAt.toISOString(),
  };
}
