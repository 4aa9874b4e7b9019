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
  const { busy, upload } = useImageUpload(onBusy);
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
              void upload([...(e.target.files ?? [])], onChange);
              e.target.value = '';
            }}
          />
          {busy ? t('loading') : t('image.upload')}
        </label>
      </div>
    </div>
  );
}

/** Uploads files one by one (`each` takes each URL); a failure is a toast: the server's reason, else docs/product.md#errors'. */
export function useImageUpload(onBusy?: (busy: boolean) => void) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const upload = async (files: File[], each: (url: string) => void) => {
    if (files.length === 0) return;
    setBusy(true);
    onBusy?.(true);
    try {
      for (const file of files) each(await adminApi.uploadImage(file));
    } catch (error) {
      const problem = problemOf(error);
      toast.error(problem.status > 0 ? problem.message : t('image.failed'));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };
  return { busy, upload };
}
