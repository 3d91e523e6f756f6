import { AppError } from '../../platform/http/errors';

/**
 * How many uploads one user, and one network address, may have in flight at once. An upload
 * holds a connection, a file being written and (for videos) an ffprobe run; a few at a time
 * is all a person needs (a video and its thumbnail, two tabs), and the bound keeps one
 * account or one machine from tying up the server's disk and connections.
 */
export const uploadConcurrency = { perUser: 4, perAddress: 8 } as const;

/**
 * Counts uploads in flight in this process. An upload is a long request bound to the
 * process that receives it, so the count is local (unlike request rates, which several API
 * processes share).
 */
export class UploadSlots {
  private readonly users = new Map<string, number>();
  private readonly addresses = new Map<string, number>();

  constructor(
    private readonly limits: { perUser: number; perAddress: number } = uploadConcurrency,
  ) {}

  /** Takes a slot for the address, or refuses with 429; answers the function that frees it. */
  takeForAddress(address: string): () => void {
    return take(this.addresses, address, this.limits.perAddress);
  }

  /** Takes a slot for the user the signature names, or refuses with 429. */
  takeForUser(userId: string): () => void {
    return take(this.users, userId, this.limits.perUser);
  }
}

function take(counts: Map<string, number>, key: string, max: number): () => void {
  const inFlight = counts.get(key) ?? 0;
  if (inFlight >= max) {
    throw new AppError(
      'RATE_LIMITED',
      `At most ${max} uploads at a time; wait for one to finish and try again`,
      undefined,
      { 'retry-after': '5' },
    );
  }
  counts.set(key, inFlight + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left <= 0) counts.delete(key);
    else counts.set(key, left);
  };
}
