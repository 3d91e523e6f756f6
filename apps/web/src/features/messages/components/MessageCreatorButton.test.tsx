import { configure, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { MessageCreatorButton } from './MessageCreatorButton';

configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();

const creatorId = '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const conversationId = 'c0000000-0000-4000-8000-000000000001';
const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'ada' });

function renderButton({ id = creatorId } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/channel/:id',
        element: <MessageCreatorButton creatorId={id} creatorName="Grace Hopper" />,
      },
      { path: '/login', element: <p>Login page</p> },
      { path: '/messages/conversations/:conversationId', element: <p>Chat page</p> },
    ],
    { initialEntries: [`/channel/${id}`] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

function signIn(standing: 'none' | 'pending' | 'accepted' = 'none') {
  server().on('currentUser', () => ({ data: viewer }));
  server().on('checkMessageRequest', () => ({
    data: {
      status: standing,
      conversationId: standing === 'accepted' ? conversationId : null,
    },
  }));
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

async function openDialog() {
  const view = renderButton();
  const button = await screen.findByRole('button', { name: 'Message' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = screen.getByRole('dialog', { name: 'Message Grace Hopper' });
  return { ...view, dialog };
}

describe('message button', () => {
  it("sends visitors to sign in: 'Login to message the creator'", async () => {
    renderButton();
    expect(
      await screen.findByRole('link', { name: 'Login to message the creator' }),
    ).toHaveAttribute('href', '/login');
    expect(server().requestsTo('checkMessageRequest')).toHaveLength(0);
  });

  it('shows nothing on one’s own channel or video, and never asks the server', async () => {
    server().on('currentUser', () => ({ data: viewer }));
    renderButton({ id: viewer._id });
    await waitFor(() => expect(server().requestsTo('currentUser')).toHaveLength(1));
    // Let the session answer settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(server().requestsTo('checkMessageRequest')).toHaveLength(0);
  });

  it("waits for the standing, then offers 'Message' (status none)", async () => {
    server().on('currentUser', () => ({ data: viewer }));
    const answer = deferred<void>();
    server().on('checkMessageRequest', async () => {
      await answer.promise;
      return { data: { status: 'none', conversationId: null } };
    });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Message' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer.resolve();
    await waitFor(() => expect(button).toBeEnabled());
    expect(server().requestsTo('checkMessageRequest')[0]?.params).toEqual({
      receiverId: creatorId,
    });
  });

  it("shows 'Request Pending', disabled, while a request waits", async () => {
    signIn('pending');
    renderButton();
    expect(await screen.findByRole('button', { name: 'Request Pending' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it("offers 'Go to Chat' once accepted, to the conversation", async () => {
    signIn('accepted');
    const { user, router } = renderButton();
    const link = await screen.findByRole('link', { name: 'Go to Chat' });
    expect(link).toHaveAttribute('href', `/messages/conversations/${conversationId}`);
    await user.click(link);
    expect(router.state.location.pathname).toBe(`/messages/conversations/${conversationId}`);
  });

  it("turns 'Request Pending' to 'Go to Chat' when the creator accepts, live", async () => {
    signIn('pending');
    let connected = 0;
    server().io.on('connection', () => {
      connected += 1;
    });
    renderButton();
    expect(await screen.findByRole('button', { name: 'Request Pending' })).toBeDisabled();
    await waitFor(() => expect(connected).toBe(1));

    signIn('accepted');
    server().io.emit('request_accepted', { requestId: 'r1', conversationId });
    const link = await screen.findByRole('link', { name: 'Go to Chat' });
    expect(link).toHaveAttribute('href', `/messages/conversations/${conversationId}`);
  });

  it("keeps 'Message' usable when the standing cannot be read", async () => {
    server().on('currentUser', () => ({ data: viewer }));
    server().on('checkMessageRequest', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Boom' },
    }));
    renderButton();
    const button = await screen.findByRole('button', { name: 'Message' });
    await waitFor(() => expect(button).toBeEnabled());
  });
});

describe('message request dialog', () => {
  it('sends the trimmed text, toasts, closes, and turns the button to Request Pending', async () => {
    signIn('none');
    let standing: 'none' | 'pending' = 'none';
    server().on('checkMessageRequest', () => ({
      data: { status: standing, conversationId: null },
    }));
    server().on('sendMessageRequest', (request) => {
      standing = 'pending';
      const body = request.body as { receiverId: string; content: string };
      return {
        status: 201,
        data: {
          _id: 'r0000000-0000-4000-8000-000000000001',
          receiverId: body.receiverId,
          content: body.content,
          status: 'pending',
          createdAt: new Date().toISOString(),
        },
      };
    });
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByLabelText('Message');
    expect(field).toHaveFocus();
    const send = within(dialog).getByRole('button', { name: 'Send Request' });
    expect(send).toBeDisabled();

    await user.type(field, '   Hello Grace, I loved your talk!  ');
    expect(within(dialog).getByText('31/1000')).toBeInTheDocument();
    await user.click(send);

    expect(await within(notifications()).findByText('Message request sent successfully'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Request Pending' })).toBeDisabled();
    expect(server().requestsTo('sendMessageRequest')[0]?.body).toEqual({
      receiverId: creatorId,
      content: 'Hello Grace, I loved your talk!',
    });
  });

  it('keeps Send disabled for blank text and over 1,000 characters, with the counter red', async () => {
    signIn('none');
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByLabelText('Message');
    const send = within(dialog).getByRole('button', { name: 'Send Request' });
    await user.type(field, '    ');
    expect(within(dialog).getByText('0/1000')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(1001));
    const counter = within(dialog).getByText(/^1001\/1000/);
    expect(counter).toHaveClass('text-danger');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();

    await user.type(field, '{Backspace}');
    expect(within(dialog).getByText('1000/1000')).toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it("shows 'Sending...' while the request is on its way", async () => {
    signIn('none');
    const answer = deferred<void>();
    server().on('sendMessageRequest', async () => {
      await answer.promise;
      return { status: 400, error: { code: 'VALIDATION_FAILED', message: 'Nope' } };
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nope');
  });

  it("shows 'Request already sent' in the server's words and the button turns to pending", async () => {
    signIn('none');
    let standing: 'none' | 'pending' = 'none';
    server().on('checkMessageRequest', () => ({
      data: { status: standing, conversationId: null },
    }));
    server().on('sendMessageRequest', () => {
      standing = 'pending';
      return { status: 409, error: { code: 'CONFLICT', message: 'Request already sent' } };
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Hello again');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Request already sent');
    expect(await screen.findByRole('button', { name: 'Request Pending' })).toBeDisabled();
    // The dialog stays so the answer can be read.
    expect(screen.getByRole('dialog', { name: 'Message Grace Hopper' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Hello again');
  });

  it("offers the chat on 'Conversation already exists'", async () => {
    signIn('none');
    let standing: 'none' | 'accepted' = 'none';
    server().on('checkMessageRequest', () => ({
      data: { status: standing, conversationId: standing === 'accepted' ? conversationId : null },
    }));
    server().on('sendMessageRequest', () => {
      standing = 'accepted';
      return { status: 409, error: { code: 'CONFLICT', message: 'Conversation already exists' } };
    });
    const { user, dialog, router } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Conversation already exists',
    );
    const goToChat = await within(dialog).findByRole('link', { name: 'Go to Chat' });
    expect(goToChat).toHaveAttribute('href', `/messages/conversations/${conversationId}`);
    await user.click(goToChat);
    expect(router.state.location.pathname).toBe(`/messages/conversations/${conversationId}`);
  });

  it("shows 'Too many requests to this user. Try later.' and keeps the text", async () => {
    signIn('none');
    server().on('sendMessageRequest', () => ({
      status: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many requests to this user. Try later.' },
    }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Please?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests to this user. Try later.',
    );
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Please?');
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
  });

  it('shows a refusal of the receiver’s choice in its words, and closes with Cancel or Escape', async () => {
    signIn('none');
    server().on('sendMessageRequest', () => ({
      status: 403,
      error: { code: 'FORBIDDEN', message: 'This user is not accepting message requests' },
    }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This user is not accepting message requests',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toHaveFocus();
  });

  it("falls back to 'Failed to send message request' when the server cannot be reached", async () => {
    signIn('none');
    server().on('sendMessageRequest', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to send message request',
    );
  });
});
