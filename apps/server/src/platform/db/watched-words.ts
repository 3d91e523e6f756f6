import { sql, type SQL } from 'drizzle-orm';

/**
 * Now when a comment's or a tweet's words hold one of the watched words, else null: the moment
 * it is held for approval (decision 0038). A watched word matches whole words in any case
 * (migration 0022's `holds_watched_word`).
 */
export const heldIfWatched = (content: string): SQL =>
  sql`case when holds_watched_word(${content}) then now() end`;
