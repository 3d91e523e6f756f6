import { sql, type SQL } from 'drizzle-orm';

/**
 * Now when a comment's or a tweet's words hold one of the watched words, else null: the moment
 * it is held for approval (decision 0038). A watched word matches whole words in any case
 * (migration 0022's `holds_watched_word`).
 */
export const heldIfWatched = (content: string): SQL =>
  sql`case when holds_watched_word(${content}) then now() end`;

/**
 * What an edit of a comment's or a tweet's text sets: the text, when it was edited, and whether
 * it is held now (an edit that brings in a watched word holds it, one that takes it out frees it).
 */
export const editedText = (content: string) => ({
  content,
  editedAt: sql`now()`,
  updatedAt: sql`now()`,
  heldAt: heldIfWatched(content),
});
