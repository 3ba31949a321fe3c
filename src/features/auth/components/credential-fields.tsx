import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/field';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** "Email address", as every auth form asks for it. */
export function EmailField({ value, onChange }: FieldProps) {
  return (
    <TextField
      label="Email address"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * A password field: the account's current password ("Password"), or a new one (with the length
 * rule of the backend, AUTH_PASSWORD_MIN_LENGTH, under it).
 */
export function PasswordField({
  label,
  isNew,
  value,
  onChange,
}: FieldProps & { label: string; isNew: boolean }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      hint={isNew ? 'At least 8 characters.' : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** What the form's last request said: an error, or a notice of what happens next. */
export function RequestOutcome({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      {error && <Alert tone="danger">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
    </>
  );
}
