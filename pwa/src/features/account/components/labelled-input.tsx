import { useId } from 'react';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  type?: 'text' | 'password';
  /** A line under the field (read out with it). */
  hint?: string;
  /** Not required: the label says so. */
  optional?: boolean;
  /** What is wrong with the value (a refused save, lib/ui/form-refusal.tsx): marks the field invalid, under it. */
  problem?: string;
}

const AUTOCOMPLETE: Record<string, string> = {
  name: 'name',
  building: 'address-line1',
  address_line: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country-name',
  pincode: 'postal-code',
  mobile: 'tel',
  email: 'email',
  currentPassword: 'current-password',
};

/** A labelled input, required unless `optional` (address and profile forms), with the browser's autofill hints. */
export function LabelledInput({ name, label, value, onChange, autoFocus, type, hint, optional, problem }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="address-dialog__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        required={!optional}
        value={value}
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        autoComplete={AUTOCOMPLETE[name] ?? 'off'}
        inputMode={name === 'pincode' || name === 'mobile' ? 'numeric' : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hint && hintId, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined}
      />
      {problem && (
        // Read out when it appears (a refused save, a place not served), as the form-wide refusal is (FormRefusal).
        <p id={`${id}-problem`} className="address-dialog__problem" role="alert" data-testid={`${name}-problem`}>
          {problem}
        </p>
      )}
      {hint && (
        <p id={hintId} className="address-dialog__hint" role="status" data-testid={`${name}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
