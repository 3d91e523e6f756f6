import { passwordResetRequestedMessage } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';

const server = withContractServer();
const token = 'T'.repeat(43);
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    const { user, router } = renderRoute('/login');
    server().on('passwordResetOptions', () => ({ data: { byEmail: true } }));
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('mails a link: checks the email first, then says the same as the server whatever the email', async () => {
    server().on('passwordResetOptions', () => ({ data: { byEmail: true } }));
    server().on('requestPasswordReset', () => ({ data: {} }));
    const { user } = renderRoute('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(send);
    expect(screen.getByText('Email must be a valid email address')).toBeVisible();
    expect(server().requestsTo('requestPasswordReset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await user.click(send);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByText(passwordResetRequestedMessage)).toBeVisible();
    expect(server().requestsTo('requestPasswordReset')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('says to ask the administrator when the server sends no mail', async () => {
    server().on('passwordResetOptions', () => ({ data: { byEmail: false } }));
    renderRoute('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Ask your administrator' })).toBeVisible();
    expect(screen.getByText(/npm run user:reset-link/)).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('says the same when the server turns out to send no mail after all', async () => {
    server().on('passwordResetOptions', () => ({ data: { byEmail: true } }));
    server().on('requestPasswordReset', () => ({
      status: 409,
      error: { code: 'EMAIL_NOT_CONFIGURED', message: 'This server does not send email.' },
    }));
    const { user } = renderRoute('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(send);
    expect(await screen.findByRole('heading', { name: 'Ask your administrator' })).toBeVisible();
  });
});

describe('reset password', () => {
  it('explains an incomplete link instead of showing a form', async () => {
    renderRoute('/reset-password?token=short');
    expect(await screen.findByText(/This reset link is not complete/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('holds the registration rules and a matching confirmation, then sets the password and goes to Sign In', async () => {
    server().on('resetPassword', () => ({ data: {} }));
    const { user, router } = renderRoute(`/reset-password?token=${token}`);
    const save = await screen.findByRole('button', { name: 'Set new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(save);
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a different one');
    await user.click(save);
    expect(screen.getByText('The passwords do not match')).toBeVisible();
    expect(server().requestsTo('resetPassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(save);
    expect(
      await within(notifications()).findByText('Password changed. Sign in with your new password.'),
    ).toBeVisible();
    expect(server().requestsTo('resetPassword')[0]?.body).toEqual({
      token,
      newPassword: 'a long new password',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it('shows the server’s words for a used or expired link, with the way to a new one', async () => {
    const message = 'This reset link is not valid any more: it was used, it expired after an hour.';
    server().on('resetPassword', () => ({
      status: 400,
      error: { code: 'VALIDATION_FAILED', message, errors: [{ field: 'token', message }] },
    }));
    const { user } = renderRoute(`/reset-password?token=${token}`);
    await user.type(await screen.findByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});
