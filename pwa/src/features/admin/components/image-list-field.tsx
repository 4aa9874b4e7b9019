import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { toast } from '../../../lib/ui/toast';
import { adminApi } from '../api';
import { useUploadFailure } from './image-upload-field';

interface Props {
  /** Names the button and the thumbnails: "Upload Images", "Remove image 2 of Variant 1". */
  label: string;
  owner?: string;
  images: string[];
  /** Uploads finish one by one, maybe after other edits: the change is a function of the images then. */
  onChange: (next: (images: string[]) => string[]) => void;
  onPreview: (url: string) => void;
  /** Told when uploads start and end, so the form can wait for them before it saves. */
  onBusy: (busy: boolean) => void;
}

/** Several images uploaded at once through /api/file/upload, as thumbnails that preview and remove (docs/product.md#screens, Upload Product). */
export function ImageListField({ label, owner, images, onChange, onPreview, onBusy }: Props) {
  const { t } = useTranslation('admin');
  const uploadFailure = useUploadFailure();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    onBusy(true);
    try {
      for (const file of files) {
        const url = await adminApi.uploadImage(file);
        onChange((list) => [...list, url]);
      }
    } catch (error) {
      toast.error(uploadFailure(error));
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };

  return (
    <>
      <label className={`btn btn--ghost btn--small upload-btn${uploading ? ' upload-btn--disabled' : ''}`}>
        <input
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          disabled={uploading}
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        {uploading ? t('loading') : label}
      </label>
      {images.length > 0 && (
        <ul className="product-form__images" aria-label={owner ? t('form.imagesOf', { owner }) : t('form.productImages')}>
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className="admin-thumb"
                aria-label={owner ? t('form.previewImageOf', { n: i + 1, owner }) : t('form.previewImage', { n: i + 1 })}
                onClick={() => onPreview(url)}
              >
                <img src={url} alt="" width={72} height={72} />
              </button>
              <button
                type="button"
                className="chip__remove product-form__remove"
                aria-label={owner ? t('form.removeImageOf', { n: i + 1, owner }) : t('form.removeImage', { n: i + 1 })}
                onClick={() => onChange((list) => list.filter((u) => u !== url))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
