import { z } from 'zod';

/** A person's id and both names: the fields every answer about a person starts with. */
export const personNameFields = {
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
};

/**
 * A person's channel as other answers show it beside what the person made or did (a video's
 * owner, a comment's author, a chat member): id, both names and the avatar's address.
 */
export const ChannelSummary = z.object({
  ...personNameFields,
  avatar: z.string().nullable(),
});
export type ChannelSummary = z.infer<typeof ChannelSummary>;

/**
 * The account as only its owner sees it: the email beside the names and pictures (the current
 * user and the owner's own stats).
 */
export const OwnAccount = z.object({
  ...personNameFields,
  email: z.string(),
  avatar: z.string().nullable(),
  coverImage: z.string().nullable(),
});
export type OwnAccount = z.infer<typeof OwnAccount>;
