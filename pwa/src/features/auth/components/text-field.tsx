import { useId, type Ref } from 'react';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  /** What is wrong with the value, said under the field (aria-invalid, described by it). */
  problem?: string | null;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input of the sign-in forms. */
export function TextField({ label, name, value, onChange, type = 'text', autoComplete, autoFocus, problem, onBlur, inputRef }: Props) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={t('field.enterYour', { field: label.toLocaleLowerCase() })}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        ref={inputRef}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} className="auth-form__problem" data-testid={`${name}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}
