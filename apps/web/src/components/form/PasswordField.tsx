import { limits } from '@kinora/contract';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((v) => !v)}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-pressed={isVisible}
          className="inline-flex size-9 items-center justify-center rounded-sm text-fg-muted hover:text-fg"
        >
          {isVisible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

/**
 * A password being chosen (sign-up, reset, change): required, offered to the browser's password
 * manager as new, with the contract's length rule under it.
 */
export function NewPasswordField(
  props: Omit<TextFieldProps, 'type' | 'trailing' | 'autoComplete' | 'required' | 'hint'>,
) {
  return (
    <PasswordField
      {...props}
      autoComplete="new-password"
      required
      hint={`At least ${limits.password.min} characters.`}
    />
  );
}
