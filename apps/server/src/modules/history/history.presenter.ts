import type { HistoryEntry, WatchPosition } from '@kinora/contract';
import { encodeCursor } from '../../platform/db/keyset';
import { presentVideoCardsWith } from '../videos';
import type { HistoryRecord, WatchPositionRecord } from './history.repository';

/**
 * A page of history as prewritten text (decision 0058): each video's card, then the entry's own
 * members, as the contract's `HistoryEntry` writes them (`JSON.stringify` of the same values).
 */
export function presentHistoryEntries(records: readonly HistoryRecord[]): HistoryEntry[] {
  return presentVideoCardsWith<HistoryRecord, HistoryEntry>(
    records,
    (record) =>
      // An ISO time and a base64url cursor hold nothing JSON escapes: quoted as they are.
      `,"watchedAt":"${record.watchedAt.toISOString()}"` +
      `,"positionSeconds":${JSON.stringify(record.positionSeconds)}` +
      `,"cursor":"${encodeCursor({ micros: record.watchedAtMicros, id: record.id })}"`,
  );
}

export function presentWatchPosition(record: WatchPositionRecord): WatchPosition {
  return {
    videoId: record.videoId,
    positionSeconds: record.positionSeconds,
    watchedAt: record.watchedAt.toISOString(),
  };
}
