import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** A line under the field, read out with it (the rule a new password must meet). */
  hint?: string;
}

/** A password input with the show/hide toggle docs/product.md#screens asks for on every sign-in form. */
export function PasswordField({ label, name, value, onChange, autoComplete, hint }: Props) {
  const { t } = useTranslation('auth');
  const id = useId();
  const hintId = `${id}-hint`;
  const [shown, setShown] = useState(false);
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-form__password">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-describedby={hint ? hintId : undefined}
          placeholder={t('field.enterYour', { field: label.toLocaleLowerCase() })}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="auth-form__eye"
          aria-label={shown ? t('field.hideField', { field: label.toLocaleLowerCase() }) : t('field.showField', { field: label.toLocaleLowerCase() })}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('field.hide') : t('field.show')}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="auth-form__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
