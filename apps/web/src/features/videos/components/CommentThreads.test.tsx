/**
 * Comment threads on the watch page (issue 21 item 3): sort, 'View N replies' / 'Hide replies'
 * with paging, replies and their @name, the creator's pin and heart, '(edited)', and the
 * @mention suggestions, against the contract's fake server.
 */
import type { Comment, CommentPage } from '@kinora/contract';
import { configure, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeComment, makeVideo, ownerId } from '../../../testing/video-fixtures';

const server = withContractServer();

beforeAll(async () => {
  await import('./WatchPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'ada' });
const creator = makeUser({ _id: ownerId, username: 'grace', fullname: 'Grace Hopper' });
const bea = {
  _id: '7b7b7b7b-0000-4000-8000-000000000001',
  username: 'bea',
  fullname: 'Bea',
  avatar: null,
};

const pageOf = (comments: Comment[], page = 1, totalPages = 1): CommentPage => ({
  comments,
  totalCount: comments.length,
  page,
  limit: 10,
  totalPages,
  hasNextPage: page < totalPages,
});

async function openWatchPage({
  comments,
  signedInAs = null,
}: {
  comments: Comment[];
  signedInAs?: typeof viewer | null;
}) {
  const video = makeVideo();
  if (signedInAs) server().on('currentUser', () => ({ data: signedInAs }));
  server().on('getVideo', () => ({ data: video }));
  server().on('listComments', () => ({ data: pageOf(comments) }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({
    data: { isSubscribed: false, subscriberCount: 0 },
  }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 0, hasNextPage: false, totalVideos: 0 },
  }));
  const view = renderRoute(`/video/${video._id}`);
  await screen.findByRole('heading', { level: 1, name: video.title });
  return view;
}

const commentList = () => screen.getByRole('region', { name: 'Comment list' });

describe('comment threads', { timeout: 15_000 }, () => {
  it('opens a thread with View N replies, pages it, and hides it again', async () => {
    const top = makeComment({ content: 'Top one', repliesCount: 3, parentId: null });
    const replies = [1, 2, 3].map((n) =>
      makeComment({ content: `Reply ${n}`, parentId: top._id, ownerDetails: bea, owner: bea._id }),
    );
    server().on('listReplies', ({ query }) =>
      query.page === '2'
        ? { data: { ...pageOf([replies[2]!], 2, 2), totalCount: 3 } }
        : { data: { ...pageOf(replies.slice(0, 2), 1, 2), totalCount: 3 } },
    );
    const { user } = await openWatchPage({ comments: [top] });

    const view = await within(commentList()).findByRole('button', { name: 'View 3 replies' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await user.click(view);
    const thread = await screen.findByRole('list', { name: 'Replies to @alan' });
    expect(await within(thread).findByText('Reply 1')).toBeVisible();
    expect(server().requestsTo('listReplies')[0]?.params).toEqual({ commentId: top._id });

    await user.click(screen.getByRole('button', { name: 'Show more replies' }));
    expect(await within(thread).findByText('Reply 3')).toBeVisible();
    expect(server().requestsTo('listReplies')[1]?.query).toMatchObject({ page: '2' });

    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(screen.queryByText('Reply 1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View 3 replies' })).toBeInTheDocument();
  });

  it('answers a reply: the box starts with the @name, the reply goes to that reply', async () => {
    const top = makeComment({ content: 'Top one', repliesCount: 1, parentId: null });
    const reply = makeComment({
      content: 'A reply',
      parentId: top._id,
      owner: bea._id,
      ownerDetails: bea,
    });
    server().on('listReplies', () => ({ data: pageOf([reply]) }));
    const posted = makeComment({
      content: '@bea same here',
      parentId: top._id,
      owner: viewer._id,
      ownerDetails: { _id: viewer._id, username: 'ada', fullname: 'Ada', avatar: null },
    });
    server().on('addReply', () => ({ status: 201, data: posted }));
    const { user } = await openWatchPage({ comments: [top], signedInAs: viewer });

    await user.click(await screen.findByRole('button', { name: 'View 1 reply' }));
    const thread = await screen.findByRole('list', { name: 'Replies to @alan' });
    await user.click(await within(thread).findByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('combobox', { name: 'Reply to @bea' });
    expect(box).toHaveValue('@bea ');
    expect(box).toHaveFocus();
    // The caret waits after the @name.
    expect((box as HTMLTextAreaElement).selectionStart).toBe('@bea '.length);
    await user.type(box, 'same here');
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    await expect.poll(() => server().requestsTo('addReply').length).toBe(1);
    expect(server().requestsTo('addReply')[0]).toMatchObject({
      params: { commentId: reply._id },
      body: { content: '@bea same here' },
    });
    // The count moves and the form closes.
    expect(await screen.findByRole('button', { name: 'Hide replies' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '2 Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Reply to @bea' })).not.toBeInTheDocument();
  });

  it('sorts by Top or Newest', async () => {
    const { user } = await openWatchPage({ comments: [makeComment()] });
    await expect.poll(() => server().requestsTo('listComments').length).toBe(1);
    expect(server().requestsTo('listComments')[0]?.query).toMatchObject({ sort: 'newest' });
    const sortBy = screen.getByRole('group', { name: 'Sort comments by' });
    expect(within(sortBy).getByRole('button', { name: 'Newest' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(sortBy).getByRole('button', { name: 'Top' }));
    await expect.poll(() => server().requestsTo('listComments').length).toBe(2);
    expect(server().requestsTo('listComments')[1]?.query).toMatchObject({ sort: 'top' });
    expect(within(sortBy).getByRole('button', { name: 'Top' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the pin, the creator heart and (edited) to everyone; only the creator marks', async () => {
    const marked = makeComment({
      content: 'Marked',
      isPinned: true,
      isHearted: true,
      isEdited: true,
    });
    await openWatchPage({ comments: [marked], signedInAs: viewer });
    const item = await within(commentList()).findByRole('listitem');
    expect(item).toHaveTextContent('Pinned by @grace');
    expect(item).toHaveTextContent('(edited)');
    expect(within(item).getByRole('img', { name: 'creator heart from @grace' })).toBeVisible();
    expect(within(item).queryByRole('button', { name: /Pin|Unpin/ })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /creator heart/ })).not.toBeInTheDocument();
  });

  it('lets the creator pin and heart a comment', async () => {
    const plain = makeComment({ content: 'Plain', isPinned: false, isHearted: false });
    server().on('pinComment', () => ({ data: { ...plain, isPinned: true } }));
    server().on('heartComment', () => ({ data: { ...plain, isHearted: true } }));
    const { user } = await openWatchPage({ comments: [plain], signedInAs: creator });
    const item = await within(commentList()).findByRole('listitem');

    await user.click(within(item).getByRole('button', { name: 'Pin' }));
    expect(await within(item).findByRole('button', { name: 'Unpin' })).toBeVisible();
    expect(server().requestsTo('pinComment')[0]).toMatchObject({
      params: { commentId: plain._id },
      body: { isPinned: true },
    });
    expect(item).toHaveTextContent('Pinned by @grace');

    await user.click(within(item).getByRole('button', { name: 'Give creator heart' }));
    expect(await within(item).findByRole('button', { name: 'Remove creator heart' })).toBeVisible();
    expect(server().requestsTo('heartComment')[0]?.body).toEqual({ isHearted: true });
  });

  it('edits one’s own comment in place', async () => {
    const mine = makeComment({
      content: 'Helo',
      owner: viewer._id,
      ownerDetails: { _id: viewer._id, username: 'ada', fullname: 'Ada', avatar: null },
    });
    server().on('updateComment', () => ({ data: { ...mine, content: 'Hello', isEdited: true } }));
    const { user } = await openWatchPage({ comments: [mine], signedInAs: viewer });
    const item = await within(commentList()).findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Edit comment by @ada' }));
    const box = within(item).getByRole('combobox', { name: 'Edit comment' });
    await user.clear(box);
    await user.type(box, 'Hello');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(await within(item).findByText('(edited)', { exact: false })).toBeVisible();
    expect(item).toHaveTextContent('Hello');
    expect(server().requestsTo('updateComment')[0]?.body).toEqual({ content: 'Hello' });
  });

  it('suggests the people of the thread and the creator as an @name is typed', async () => {
    const { user } = await openWatchPage({
      comments: [makeComment({ owner: bea._id, ownerDetails: bea })],
      signedInAs: viewer,
    });
    const box = await screen.findByRole('combobox', { name: 'Add a comment' });
    await user.type(box, 'Thanks @');
    const options = within(screen.getByRole('listbox', { name: 'People to mention' })).getAllByRole(
      'option',
    );
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('@grace');
    expect(options[1]).toHaveTextContent('@bea');
    await user.type(box, 'b');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Thanks @bea ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // Arrow keys walk the list; Escape closes it.
    await user.type(box, '@');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
