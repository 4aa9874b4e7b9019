import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { adminApi } from '../api';

interface Props {
  /** The uploaded image's URL, '' before one is uploaded. */
  value: string;
  onChange: (url: string) => void;
  /** docs/product.md#validation: the upload stays disabled until the form has a name. */
  disabled?: boolean;
  onBusy?: (busy: boolean) => void;
}

/** One image, uploaded through /api/file/upload at once and previewed (category and sub category forms). */
export function ImageUploadField({ value, onChange, disabled, onBusy }: Props) {
  const { t } = useTranslation('admin');
  const uploadFailure = useUploadFailure();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    onBusy?.(true);
    try {
      onChange(await adminApi.uploadImage(file));
    } catch (error) {
      toast.error(uploadFailure(error));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };
  return (
    <div className="admin-field">
      <span className="admin-field__label">{t('image.label')}</span>
      <div className="image-upload">
        <div className="image-upload__preview">{value ? <img src={value} alt={t('image.preview')} /> : <span>{t('image.none')}</span>}</div>
        <label className={`btn btn--ghost btn--small upload-btn${disabled || busy ? ' upload-btn--disabled' : ''}`}>
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={disabled || busy}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {busy ? t('loading') : t('image.upload')}
        </label>
      </div>
    </div>
  );
}

/** The server's reason when it gave one (not an image, too large), else the docs/product.md#errors wording. */
export function useUploadFailure(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return (error) => {
    const problem = problemOf(error);
    return problem.status > 0 ? problem.message : t('image.failed');
  };
}
