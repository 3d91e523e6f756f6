import type { MessageRequest } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();
const me = makeUser();
const conversationId = 'c0000000-0000-4000-8000-000000000009';

function makeRequest(n: number, overrides: Partial<MessageRequest> = {}): MessageRequest {
  return {
    _id: `r0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    content: `Hello number ${n}\nSecond line`,
    createdAt: new Date(Date.now() - n * 3_600_000).toISOString(),
    sender: {
      _id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      username: `fan${n}`,
      fullname: `Fan ${n}`,
      avatar: n === 1 ? `/media/avatars/fan${n}.webp` : null,
    },
    ...overrides,
  };
}

/** Serves a list that loses the answered request, as the server does. */
function serveRequests(initial: MessageRequest[]) {
  let pending = [...initial];
  server().on('currentUser', () => ({ data: me }));
  server().on('listMessageRequests', () => ({ data: pending }));
  server().on('listConversations', () => ({ data: [] }));
  server().on('respondToMessageRequest', (request) => {
    const { action } = request.body as { action: 'accept' | 'decline' };
    pending = pending.filter((r) => r._id !== request.params.id);
    return {
      data: {
        _id: request.params.id ?? '',
        status: action === 'accept' ? 'accepted' : 'declined',
        conversationId: action === 'accept' ? conversationId : null,
      },
    };
  });
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const requestList = () => screen.findByRole('list', { name: 'Message Requests' });

describe('message requests at /requests', () => {
  it('asks visitors to sign in', async () => {
    renderRoute('/requests');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message Requests' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Sign in to see who asked to message you.');
    expect(server().requestsTo('listMessageRequests')).toHaveLength(0);
  });

  it('shows skeletons, then each sender with avatar, name, text and time', async () => {
    serveRequests([]);
    const answer = deferred<void>();
    const requests = [makeRequest(1), makeRequest(2)];
    server().on('listMessageRequests', async () => {
      await answer.promise;
      return { data: requests };
    });
    renderRoute('/requests');
    expect(await screen.findByRole('status', { name: 'Loading message requests' }));
    answer.resolve();
    const list = await requestList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Fan 1' })).toHaveAttribute(
      'href',
      `/channel/${requests[0]?.sender._id}`,
    );
    expect(first).toHaveTextContent('@fan1');
    expect(first).toHaveTextContent('1 hour ago');
    expect(first.querySelector('p')?.textContent).toBe('Hello number 1\nSecond line');
    expect(first.querySelector('img[src="/media/avatars/fan1.webp"]')).not.toBeNull();
    // No avatar: the initial stands in.
    expect(within(items[1] as HTMLElement).getByTestId('avatar-initial')).toHaveTextContent('F');
    expect(within(first).getByRole('button', { name: 'Accept the request from fan1' }));
    expect(within(first).getByRole('button', { name: 'Decline the request from fan1' }));
  });

  it('shows a request the moment it arrives on the private room, without a reload', async () => {
    serveRequests([makeRequest(1)]);
    let connected = 0;
    server().io.on('connection', () => {
      connected += 1;
    });
    localStorage.setItem('accessToken', 'token-1');
    renderRoute('/requests');
    const list = await requestList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(connected).toBe(1));

    const fresh = makeRequest(3, { content: 'Just now' });
    server().on('listMessageRequests', () => ({ data: [fresh, makeRequest(1)] }));
    server().io.emit('message_request', fresh);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Just now')).toBeInTheDocument();
    expect(server().requestsTo('listMessageRequests')).toHaveLength(2);
  });

  it('accepts: toasts, reloads the list and offers the new chat', async () => {
    serveRequests([makeRequest(1), makeRequest(2)]);
    const { user, router } = renderRoute('/requests');
    const list = await requestList();
    await user.click(within(list).getByRole('button', { name: 'Accept the request from fan1' }));

    expect(
      await within(notifications()).findByText(
        'Request accepted! You can now chat with this user.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server().requestsTo('listMessageRequests')).toHaveLength(2);
    expect(server().requestsTo('respondToMessageRequest')[0]).toMatchObject({
      params: { id: makeRequest(1)._id },
      body: { action: 'accept' },
    });

    expect(screen.getByText('You can now chat with Fan 1.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open Chat' }));
    // The chat page loads on demand: the address changes once it has.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/messages/conversations/${conversationId}`),
    );
  });

  it("declines: toasts 'Request declined.' and reloads; the last one leaves the empty state", async () => {
    serveRequests([makeRequest(1)]);
    const { user } = renderRoute('/requests');
    const list = await requestList();
    await user.click(within(list).getByRole('button', { name: 'Decline the request from fan1' }));
    expect(await within(notifications()).findByText('Request declined.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No message requests' })).toBeInTheDocument();
    expect(server().requestsTo('respondToMessageRequest')[0]?.body).toEqual({ action: 'decline' });
    expect(screen.queryByRole('link', { name: 'Open Chat' })).not.toBeInTheDocument();
  });

  it('disables the answered request’s buttons while the answer is on its way', async () => {
    serveRequests([makeRequest(1), makeRequest(2)]);
    const answer = deferred<void>();
    server().on('respondToMessageRequest', async (request) => {
      await answer.promise;
      return { data: { _id: request.params.id ?? '', status: 'declined', conversationId: null } };
    });
    const { user } = renderRoute('/requests');
    const list = await requestList();
    await user.click(within(list).getByRole('button', { name: 'Decline the request from fan1' }));
    expect(
      within(list).getByRole('button', { name: 'Accept the request from fan1' }),
    ).toBeDisabled();
    expect(
      within(list).getByRole('button', { name: 'Accept the request from fan2' }),
    ).toBeEnabled();
    answer.resolve();
    expect(await within(notifications()).findByText('Request declined.')).toBeInTheDocument();
  });

  it("toasts the server's refusal, else 'Failed to respond to request'", async () => {
    serveRequests([makeRequest(1)]);
    server().on('respondToMessageRequest', () => ({
      status: 409,
      error: { code: 'CONFLICT', message: 'This request was already declined' },
    }));
    const { user } = renderRoute('/requests');
    const list = await requestList();
    await user.click(within(list).getByRole('button', { name: 'Accept the request from fan1' }));
    expect(
      await within(notifications()).findByText('This request was already declined'),
    ).toBeInTheDocument();

    server().on('respondToMessageRequest', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    await user.click(within(list).getByRole('button', { name: 'Accept the request from fan1' }));
    expect(
      await within(notifications()).findByText('Failed to respond to request'),
    ).toBeInTheDocument();
  });

  it("toasts 'Failed to respond to request' when the answer gets no reply from the server", async () => {
    serveRequests([makeRequest(1)]);
    server().on('respondToMessageRequest', () => networkFailure);
    const { user } = renderRoute('/requests');
    const list = await requestList();
    await user.click(within(list).getByRole('button', { name: 'Accept the request from fan1' }));
    expect(
      await within(notifications()).findByText('Failed to respond to request'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to load message requests' and tries again", async () => {
    serveRequests([]);
    let fail = true;
    server().on('listMessageRequests', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Database unavailable' } }
        : { data: [makeRequest(3)] },
    );
    const { user } = renderRoute('/requests');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load message requests');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await requestList()).toHaveTextContent('Fan 3');
  });

  it('shows the empty state', async () => {
    serveRequests([]);
    renderRoute('/requests');
    expect(await screen.findByRole('heading', { name: 'No message requests' })).toBeInTheDocument();
    expect(
      screen.getByText('When someone asks to message you, their request shows here.'),
    ).toBeInTheDocument();
  });
});

describe('message requests in the profile area (/profile/requests)', () => {
  it('lists the pending requests under the tab heading', async () => {
    serveRequests([makeRequest(1)]);
    renderRoute('/profile/requests');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Message Requests' }),
    ).toBeInTheDocument();
    expect(await requestList()).toHaveTextContent('Hello number 1');
  });
});
