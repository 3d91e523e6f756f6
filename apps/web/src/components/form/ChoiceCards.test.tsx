import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceCards } from './ChoiceCards';

const options = [
  { value: 'public', label: 'Public', hint: 'Anyone can find it' },
  { value: 'private', label: 'Private', hint: 'Only you' },
] as const;

function Choice({ isBusy }: { isBusy?: boolean }) {
  const [chosen, setChosen] = useState<'public' | 'private'>('public');
  return (
    <ChoiceCards
      legend="Visibility"
      options={options}
      chosen={chosen}
      onChoose={setChosen}
      isBusy={isBusy}
    />
  );
}

describe('ChoiceCards', () => {
  it('is a radio group under its legend, each card named by its label', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    const group = screen.getByRole('group', { name: 'Visibility' });
    expect(within(group).getByRole('radio', { name: /^Public/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^Private/ }));
    expect(within(group).getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Public/ })).not.toBeChecked();
  });

  it('cannot be changed while a choice is being saved', () => {
    render(<Choice isBusy />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Visibility' })).toHaveAttribute('aria-busy', 'true');
  });
});
