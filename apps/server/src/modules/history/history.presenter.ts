import type { HistoryEntry } from '@kinora/contract';
import { encodeCursor } from '../../platform/db/keyset';
import type { Storage } from '../../platform/storage/storage';
import { presentVideo } from '../videos';
import type { HistoryRecord } from './history.repository';

export function presentHistoryEntry(record: HistoryRecord, storage: Storage): HistoryEntry {
  return {
    ...presentVideo(record, storage),
    watchedAt: record.watchedAt.toISOString(),
    positionSeconds: record.positionSeconds,
    cursor: encodeCursor({ micros: record.watchedAtMicros, id: record.id }),
  };
}
