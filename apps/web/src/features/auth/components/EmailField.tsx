import { TextField } from '../../../components/form/TextField';

/** The email input of the sign-in screens. */
export function EmailField({ error }: { error: string | undefined }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
    />
  );
}
