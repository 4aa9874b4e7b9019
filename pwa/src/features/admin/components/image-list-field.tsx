import { useTranslation } from '../../../i18n/i18n';
import { useImageUpload } from './image-upload-field';

interface Props {
  /** Names the button and the thumbnails: "Upload Images", "Remove image 2 of Variant 1". */
  label: string;
  owner?: string;
  images: string[];
  /** Uploads finish one by one, maybe after other edits: the change is a function of the images then. */
  onChange: (next: (images: string[]) => string[]) => void;
  onPreview: (url: string) => void;
}

/** Several images uploaded at once through /api/file/upload, as thumbnails that preview and remove (docs/product.md#screens, Upload Product). */
export function ImageListField({ label, owner, images, onChange, onPreview }: Props) {
  const { t } = useTranslation('admin');
  const { busy: uploading, upload } = useImageUpload();

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
            void upload([...(e.target.files ?? [])], (url) => onChange((list) => [...list, url]));
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
