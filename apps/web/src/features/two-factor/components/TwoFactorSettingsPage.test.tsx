import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();
const ada = makeUser();
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function open(status: { enabled: boolean; recoveryCodesLeft: number }) {
  server().on('currentUser', () => ({ data: ada }));
  server().on('twoFactorStatus', () => ({ data: status }));
  return renderRoute('/settings/two-factor');
}

describe('two-factor settings', () => {
  it('is reached from Edit profile', async () => {
    server().on('currentUser', () => ({ data: ada }));
    server().on('listBlockedUsers', () => ({ data: [] }));
    renderRoute('/profile/edit');
    expect(await screen.findByRole('link', { name: 'Manage two-factor sign-in' })).toHaveAttribute(
      'href',
      '/settings/two-factor',
    );
  });

  it('sets up with a QR code and the key as text, is on only after a right code, and shows the recovery codes once', async () => {
    server().on('startTwoFactorSetup', () => ({
      data: { secret, otpauthUri: `otpauth://totp/Kinora:ada?secret=${secret}&issuer=Kinora` },
    }));
    let attempts = 0;
    server().on('enableTwoFactor', () =>
      ++attempts === 1
        ? {
            status: 400,
            error: {
              code: 'VALIDATION_FAILED',
              message: 'That code is not right.',
              errors: [{ field: 'code', message: 'That code is not right' }],
            },
          }
        : { data: { recoveryCodes: codes } },
    );
    const { user } = open({ enabled: false, recoveryCodesLeft: 0 });
    expect(await screen.findByText('Status: Off')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByLabelText('Secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(server().requestsTo('enableTwoFactor')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not right')).toBeVisible();

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(server().requestsTo('enableTwoFactor')[1]?.body).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Status: On')).toBeVisible();
    expect(screen.getByText('10 recovery codes left.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with the password and a code', async () => {
    server().on('disableTwoFactor', () => ({ data: {} }));
    const { user } = open({ enabled: true, recoveryCodesLeft: 7 });
    expect(await screen.findByText('7 recovery codes left.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(server().requestsTo('disableTwoFactor')).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Status: Off')).toBeVisible();
    expect(server().requestsTo('disableTwoFactor')[0]?.body).toEqual({
      password: 'secret-pass',
      code: '654321',
    });
  });
});
