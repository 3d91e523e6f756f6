import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsBackground, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('makes up to two initials from a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace_hopper')).toBe('GH');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
  });

  it('draws the initials itself on a fixed indigo, loading nothing, when there is no image', () => {
    const { container } = render(<Avatar src={null} name="Ada Lovelace" alt="Ada" />);
    const avatar = screen.getByRole('img', { name: 'Ada' });
    expect(avatar.tagName.toLowerCase()).toBe('svg');
    expect(avatar).toHaveTextContent('AL');
    expect(avatar.querySelector('rect')).toHaveAttribute('fill', initialsBackground);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the image when there is one', () => {
    render(<Avatar src="/media/a.png" name="ada" alt="ada" />);
    expect(screen.getByRole('img', { name: 'ada' })).toHaveAttribute('src', '/media/a.png');
  });
});
