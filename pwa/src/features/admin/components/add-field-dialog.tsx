import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { ModalDialog } from '../../../lib/ui/modal-dialog';

/** docs/product.md#screens: one 'Enter field name' input and an Add Field button; `onAdd` answers an error or null. */
export function AddFieldDialog({ onAdd, onClose }: { onAdd: (name: string) => string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = onAdd(name);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <ModalDialog label={t('form.addField.title')} heading onClose={onClose} variant="small">
      <form className="admin-form" onSubmit={submit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          {t('form.addField.name')}
        </label>
        <input
          id={id}
          autoFocus
          value={name}
          placeholder={t('form.addField.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="admin-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={name.trim() === ''}>
          {t('form.addField.title')}
        </button>
      </form>
    </ModalDialog>
  );
}
