import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query/query-client';
import { useServerWrite } from '../../../lib/query/server-write';
import { IMAGE_UPLOADS, imageUploadWrite } from '../api';

interface Props {
  /** The uploaded image's URL, '' before one is uploaded. */
  value: string;
  onChange: (url: string) => void;
  /** docs/product.md#validation: the upload stays disabled until the form has a name. */
  disabled?: boolean;
}

/** One image, uploaded through /api/file/upload at once and previewed (category and sub category forms). */
export function ImageUploadField({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('admin');
  const { busy, upload } = useImageUpload();
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

/** Uploads files one by one (`each` takes each URL): admin/api.ts's imageUploadWrite. */
export function useImageUpload() {
  const uploading = useServerWrite(imageUploadWrite());
  const upload = (files: File[], each: (url: string) => void) => files.length > 0 && uploading.mutate({ files, each });
  return { busy: uploading.isPending, upload };
}

/** Whether any image upload of the form is still under way: the form saves only once all have landed. */
export const useImageUploadsUnderway = () => useIsMutating({ mutationKey: IMAGE_UPLOADS }, queryClient) > 0;
