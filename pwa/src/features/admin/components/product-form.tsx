import { useId, useState, type FormEvent } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { toast } from '../../../lib/toast';
import { adminApi } from '../api';
import { useAdminList } from '../hooks/use-admin-list';
import { addExtraField, buildProductPayload, EMPTY_PRODUCT_FORM, formFromProduct, type ProductFormValues } from '../product-form-model';
import { keepProductCopy } from '../storefront-copies';
import { AddFieldDialog } from './add-field-dialog';
import { ChipSelect } from './chip-select';
import { ImageViewer } from './image-viewer';
import { uploadFailure } from './image-upload-field';

interface Props {
  /** Editing this product (the Admin Products modal), or uploading a new one. */
  product?: Product;
  onSaved?: () => void;
}

type TextField = 'name' | 'description' | 'unit' | 'stock' | 'price' | 'discount';

/**
 * The one product form of spec §2 Upload Product and the Admin Products edit modal: name, description,
 * images (uploaded at once, thumbnails, preview, remove), categories and subcategories as chips, unit,
 * stock, price, discount and extra fields kept in more_details. A new product's form empties after it
 * is saved; the server's validation messages arrive as toasts through the one HTTP client.
 */
export function ProductForm({ product, onSaved }: Props) {
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? formFromProduct(product) : EMPTY_PRODUCT_FORM));
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [addingField, setAddingField] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const categories = useAdminList(adminApi.categories);
  const subCategories = useAdminList(adminApi.subCategories);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      for (const file of files) {
        const url = await adminApi.uploadImage(file);
        setValues((v) => ({ ...v, image: [...v.image, url] }));
      }
    } catch (error) {
      toast.error(uploadFailure(error));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || uploading) return;
    const built = buildProductPayload(values);
    if (!built.ok) return void toast.error(built.message);
    setBusy(true);
    try {
      if (product) {
        const answer = await adminApi.updateProduct({ ...built.payload, _id: product._id, productType: product.productType ?? 'fixed' });
        await keepProductCopy(answer.data);
        toast.success(answer.message);
      } else {
        const answer = await adminApi.createProduct(built.payload);
        toast.success(answer.message);
        setValues(EMPTY_PRODUCT_FORM);
      }
      onSaved?.();
    } catch {
      // the server's message is on screen
    } finally {
      setBusy(false);
    }
  };

  const text = (field: TextField, label: string, extra: { numeric?: boolean; required?: boolean; multiline?: boolean } = {}) => {
    const inputId = `${id}-${field}`;
    const common = {
      id: inputId,
      name: field,
      required: extra.required,
      value: values[field],
      placeholder: `Enter product ${label.toLowerCase()}`,
      onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    };
    return (
      <div className="admin-field">
        <label htmlFor={inputId}>{label}</label>
        {extra.multiline ? <textarea rows={3} {...common} /> : <input type="text" inputMode={extra.numeric ? 'decimal' : undefined} {...common} />}
      </div>
    );
  };

  return (
    <>
      <form className="admin-form product-form" onSubmit={(e) => void submit(e)} noValidate>
        {text('name', 'Name', { required: true })}
        {text('description', 'Description', { required: true, multiline: true })}
        <div className="admin-field">
          <span className="admin-field__label">Images</span>
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
            {uploading ? 'Loading...' : 'Upload Images'}
          </label>
          {values.image.length > 0 && (
            <ul className="product-form__images" aria-label="Product images">
              {values.image.map((url, i) => (
                <li key={url}>
                  <button type="button" className="admin-thumb" aria-label={`Preview image ${i + 1}`} onClick={() => setPreview(url)}>
                    <img src={url} alt="" width={72} height={72} />
                  </button>
                  <button
                    type="button"
                    className="chip__remove product-form__remove"
                    aria-label={`Remove image ${i + 1}`}
                    onClick={() =>
                      set(
                        'image',
                        values.image.filter((u) => u !== url),
                      )
                    }
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ChipSelect label="Category" options={categories.items} selected={values.category} onChange={(list) => set('category', list)} />
        <ChipSelect label="Sub Category" options={subCategories.items} selected={values.subCategory} onChange={(list) => set('subCategory', list)} />
        {text('unit', 'Unit', { required: true })}
        {text('stock', 'Stock', { required: true, numeric: true })}
        {text('price', 'Price', { required: true, numeric: true })}
        {text('discount', 'Discount', { numeric: true })}
        {values.more_details.map((field, i) => (
          <div key={field.name} className="admin-field">
            <label htmlFor={`${id}-extra-${i}`}>{field.name}</label>
            <span className="product-form__extra">
              <input
                id={`${id}-extra-${i}`}
                required
                value={field.value}
                onChange={(e) =>
                  set(
                    'more_details',
                    values.more_details.map((f, j) => (j === i ? { ...f, value: e.target.value } : f)),
                  )
                }
              />
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove field ${field.name}`}
                onClick={() =>
                  set(
                    'more_details',
                    values.more_details.filter((_, j) => j !== i),
                  )
                }
              >
                ✕
              </button>
            </span>
          </div>
        ))}
        <button type="button" className="btn btn--ghost btn--small product-form__add-field" onClick={() => setAddingField(true)}>
          Add Fields
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy || uploading}>
          {busy ? 'Loading...' : product ? 'Update Product' : 'Submit'}
        </button>
      </form>
      {addingField && (
        <AddFieldDialog
          onClose={() => setAddingField(false)}
          onAdd={(name) => {
            const added = addExtraField(values, name);
            if ('error' in added) return added.error;
            setValues(added.values);
            return null;
          }}
        />
      )}
      {preview && <ImageViewer src={preview} alt="Product image" onClose={() => setPreview(null)} />}
    </>
  );
}
