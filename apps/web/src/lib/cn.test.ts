import { describe, expect, it } from 'vitest';
import { buttonClass } from '../components/Button';
import { cn } from './cn';

describe('cn', () => {
  it('joins the truthy class names', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b');
  });

  it("lets a later class win over one that sets the same thing, as a caller's className means", () => {
    // The ghost button's text colour gives way to a red one; its font size stays.
    const deleteButton = buttonClass({ variant: 'ghost', size: 'sm', className: 'text-danger' });
    expect(deleteButton.split(' ')).toContain('text-danger');
    expect(deleteButton.split(' ')).not.toContain('text-fg');
    expect(deleteButton.split(' ')).toContain('text-sm');
    expect(cn('h-11 w-full px-3', 'h-9')).toBe('w-full px-3 h-9');
  });

  it("keeps the project's own tokens apart from Tailwind's scales", () => {
    expect(cn('text-fg text-sm', 'text-fg-muted')).toBe('text-sm text-fg-muted');
    expect(cn('max-w-content h-topbar', 'shadow-card rounded-md')).toBe(
      'max-w-content h-topbar shadow-card rounded-md',
    );
  });
});
