import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionsMenu } from './ActionsMenu';

function renderMenu() {
  const block = vi.fn();
  const report = vi.fn();
  render(
    <div>
      <ActionsMenu
        label="Conversation actions"
        items={[
          { key: 'block', children: 'Block ada', tone: 'danger', onSelect: block },
          { key: 'report', children: 'Report', onSelect: report },
        ]}
      />
      <p>Outside</p>
    </div>,
  );
  return { user: userEvent.setup(), block, report };
}

describe('ActionsMenu', () => {
  it('opens on its first item, moves with the arrow keys and runs the chosen item once', async () => {
    const { user, block, report } = renderMenu();
    const button = screen.getByRole('button', { name: 'Conversation actions' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Conversation actions' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Block ada' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block ada' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(report).toHaveBeenCalledTimes(1);
    expect(block).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape, giving the focus back to its button, and on a press outside', async () => {
    const { user, block, report } = renderMenu();
    const button = screen.getByRole('button', { name: 'Conversation actions' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(block).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });
});
