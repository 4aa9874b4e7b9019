import { useId, useState, type FormEvent } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { ErrorCode } from '@haat/shared/common/error-code';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { adminApi } from '../api';
import { useAdminList } from '../hooks/use-admin-list';
import {
  addExtraField,
  buildProductPayload,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  withCurrentStock,
  withNewVariant,
  withoutVariant,
  withVariant,
  type ProductFormValues,
} from '../product-form-model';
import { keepProductCopy } from '../storefront-copies';
import { AddFieldDialog } from './add-field-dialog';
import { ChipSelect } from './chip-select';
import { ImageListField } from './image-list-field';
import { ImageViewer } from './image-viewer';
import { ProductTypeFields } from './product-type-fields';
import { VariantRows } from './variant-rows';

interface Props {
  /** Editing this product (the Admin Products modal), or uploading a new one. */
  product?: Product;
  onSaved?: () => void;
}

type TextField = 'name' | 'description' | 'stock' | 'maxPerOrder' | 'price' | 'discount';

/**
 * The one product form of docs/product.md#screens, Upload Product and the Admin Products edit modal: name, description,
 * images (uploaded at once, thumbnails, preview, remove), categories and subcategories as chips, product
 * type and its unit (docs/product.md#states), stock, price, discount, extra fields kept in more_details, and variants. A new
 * product's form empties after it is saved; the server's messages arrive as toasts through the one client.
 */
export function ProductForm({ product, onSaved }: Props) {
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? formFromProduct(product) : EMPTY_PRODUCT_FORM));
  // Uploads in flight (product images and each variant's): the form saves only once all have landed.
  const [uploads, setUploads] = useState(0);
  const uploading = uploads > 0;
  const [busy, setBusy] = useState(false);
  const [addingField, setAddingField] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const categories = useAdminList(adminApi.categories);
  const subCategories = useAdminList(adminApi.subCategories);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const onBusy = (on: boolean) => setUploads((n) => n + (on ? 1 : -1));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || uploading) return;
    const built = buildProductPayload(values);
    if (!built.ok) return void toast.error(built.message);
    setBusy(true);
    try {
      if (product) {
        const answer = await adminApi.updateProduct({ ...built.payload, _id: product._id });
        await keepProductCopy(answer.data);
        toast.success(answer.message);
      } else {
        const answer = await adminApi.createProduct(built.payload);
        toast.success(answer.message);
        setValues(EMPTY_PRODUCT_FORM);
      }
      onSaved?.();
    } catch (error) {
      // The server's message is on screen. When orders moved a stock figure meanwhile, the form shows it as it is now.
      const problem = problemOf(error);
      const current = problem.body?.current;
      if (problem.code === ErrorCode.StockChanged && typeof current === 'number') {
        const variantId = typeof problem.body?.variantId === 'string' ? problem.body.variantId : undefined;
        setValues((v) => withCurrentStock(v, current, variantId));
      }
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
          <ImageListField
            label="Upload Images"
            images={values.image}
            onChange={(next) => setValues((v) => ({ ...v, image: next(v.image) }))}
            onPreview={setPreview}
            onBusy={onBusy}
          />
        </div>
        <ChipSelect label="Category" options={categories.items} selected={values.category} onChange={(list) => set('category', list)} />
        <ChipSelect label="Sub Category" options={subCategories.items} selected={values.subCategory} onChange={(list) => set('subCategory', list)} />
        <ProductTypeFields values={values} onChange={setValues} />
        {text('stock', 'Stock', { required: true, numeric: true })}
        {text('maxPerOrder', 'Most per order', { required: true, numeric: true })}
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
        <VariantRows
          rows={values.variants}
          onAdd={() => setValues(withNewVariant)}
          onChange={(i, patch) => setValues((v) => withVariant(v, i, patch))}
          onRemove={(i) => setValues((v) => withoutVariant(v, i))}
          onImages={(key, next) => setValues((v) => ({ ...v, variants: v.variants.map((r) => (r.key === key ? { ...r, image: next(r.image) } : r)) }))}
          onPreview={setPreview}
          onBusy={onBusy}
        />
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
