import { useCallback, useId, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from '../../../i18n/i18n';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { ErrorCode } from '@haat/shared/common/error-code';
import { problemOf } from '../../../lib/http/http-problem';
import { FormRefusal, useFormRefusal } from '../../../lib/ui/form-refusal';
import { toast } from '../../../lib/ui/toast';
import { adminApi, categoriesQuery, subCategoriesQuery } from '../api';
import { useAdminList } from '../hooks/use-admin-list';
import {
  currentStockFields,
  EMPTY_PRODUCT_FORM,
  extraFieldProblem,
  formFromProduct,
  orderedProblems,
  problemSentence,
  productResolver,
  type ProductFormValues,
  type ProductPayload,
} from '../product-form-model';
import { keepProductCopy } from '../storefront-copies';
import { AddFieldDialog } from './add-field-dialog';
import { ChipSelect } from './chip-select';
import { FieldProblem, SERVER_REFUSAL, TextField } from './form-field';
import { ImageListField } from './image-list-field';
import { useImageUploadsUnderway } from './image-upload-field';
import { ImageViewer } from './image-viewer';
import { ProductTypeFields } from './product-type-fields';
import { GstRateField } from './gst-rate-field';
import { VariantRows } from './variant-rows';
import { WaitingCount } from './waiting-count';

/** The fields that show a problem under them, named as the API names them; a refusal of another goes inside the form. */
const SHOWN_UNDER = ['name', 'description', 'stock', 'maxPerOrder', 'price', 'discount', 'hsn', 'gstRate', 'variants'] as const;

interface Props {
  /** Editing this product (the Admin Products modal), or uploading a new one. */
  product?: Product;
  /** Called with the product as the server saved it (a new one with its id), when it answers with it. */
  onSaved?: (saved: Product | undefined) => void;
}

/** The one product form (docs/product.md#screens): react-hook-form on the schema the server checks (docs/decisions/0056-admin-catalogue-screens.md). */
export function ProductForm({ product, onSaved }: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const form = useForm<ProductFormValues, unknown, ProductPayload>({
    defaultValues: product ? formFromProduct(product) : EMPTY_PRODUCT_FORM,
    resolver: productResolver,
  });
  const { control, getValues, setValue, handleSubmit, reset, formState } = form;
  const extras = useFieldArray({ control, name: 'more_details' });
  const images = useWatch({ control, name: 'image' });
  // Uploads in flight (product images and each variant's): the form saves only once all have landed.
  const uploading = useImageUploadsUnderway();
  const busy = formState.isSubmitting;
  const [addingField, setAddingField] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const categories = useAdminList(categoriesQuery());
  const subCategories = useAdminList(subCategoriesQuery());
  const refusal = useFormRefusal(SHOWN_UNDER);
  const describe = useCallback((path: string, message: string) => problemSentence(t, path, message, getValues()), [t, getValues]);

  const save = async (payload: ProductPayload) => {
    refusal.clear();
    try {
      const answer = product ? await adminApi.updateProduct({ ...payload, _id: product._id }) : await adminApi.createProduct(payload);
      if (product) await keepProductCopy(answer.data);
      else reset(EMPTY_PRODUCT_FORM);
      toast.success(answer.message);
      onSaved?.(answer.data);
    } catch (error) {
      // The refusal goes under its field (named as the API names it), focused, or inside the form. When orders moved a
      // stock figure meanwhile, the form shows it as it is now.
      const { path, message } = refusal.refuse(error);
      if (path) form.setError(path as Path<ProductFormValues>, { type: SERVER_REFUSAL, message }, { shouldFocus: true });
      const problem = problemOf(error);
      const current = problem.body?.current;
      if (problem.code === ErrorCode.StockChanged && typeof current === 'number') {
        const variantId = typeof problem.body?.variantId === 'string' ? problem.body.variantId : undefined;
        for (const [path, value] of currentStockFields(getValues(), current, variantId)) setValue(path as Path<ProductFormValues>, value as never);
      }
    }
  };
  const text = (
    name: 'name' | 'sku' | 'description' | 'stock' | 'maxPerOrder' | 'price' | 'discount' | 'hsn' | 'gstRate',
    options: { required?: boolean; numeric?: boolean; multiline?: boolean },
  ) => (
    <TextField<ProductFormValues> name={name} label={t(`form.field.${name}`)} placeholder={t(`form.placeholder.${name}`)} describe={describe} {...options} />
  );
  const refuse = (errors: FieldErrors<ProductFormValues>) => {
    const [first] = orderedProblems(errors);
    if (first?.[1].message) toast.error(describe(first[0], first[1].message));
  };

  return (
    <FormProvider {...form}>
      <form className="admin-form product-form" onSubmit={(e) => (busy || uploading ? e.preventDefault() : void handleSubmit(save, refuse)(e))} noValidate>
        {text('name', { required: true })}
        {text('sku', {})}
        {text('description', { required: true, multiline: true })}
        <div className="admin-field">
          <span className="admin-field__label">{t('form.images')}</span>
          <ImageListField
            label={t('form.uploadImages')}
            images={images}
            onChange={(next) => setValue('image', next(getValues('image')), { shouldDirty: true })}
            onPreview={setPreview}
          />
        </div>
        {(['category', 'subCategory'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <ChipSelect
                label={t(`form.field.${name}`)}
                options={(name === 'category' ? categories : subCategories).items}
                selected={field.value}
                onChange={field.onChange}
              />
            )}
          />
        ))}
        <ProductTypeFields />
        {text('stock', { required: true, numeric: true })}
        {product && <WaitingCount product={product} />}
        {text('maxPerOrder', { required: true, numeric: true })}
        {text('price', { required: true, numeric: true })}
        {text('discount', { numeric: true })}
        {text('hsn', { required: true })}
        <GstRateField describe={describe} />
        {extras.fields.map((field, i) => (
          <div key={field.id} className="admin-field">
            <label htmlFor={`${id}-extra-${i}`}>{field.name}</label>
            <span className="product-form__extra">
              <input
                id={`${id}-extra-${i}`}
                required
                aria-invalid={formState.errors.more_details?.[i]?.value ? true : undefined}
                aria-describedby={formState.errors.more_details?.[i]?.value ? `${id}-extra-${i}-problem` : undefined}
                {...form.register(`more_details.${i}.value`)}
              />
              <button type="button" className="chip__remove" aria-label={t('form.removeField', { name: field.name })} onClick={() => extras.remove(i)}>
                ✕
              </button>
            </span>
            <FieldProblem id={`${id}-extra-${i}-problem`} name={`more_details.${i}.value`} describe={describe} />
          </div>
        ))}
        <button type="button" className="btn btn--ghost btn--small product-form__add-field" onClick={() => setAddingField(true)}>
          {t('form.addFields')}
        </button>
        <VariantRows onPreview={setPreview} describe={describe} />
        <FormRefusal message={refusal.refusal?.field ? null : refusal.refusal?.message} testId="product-form-refusal" />
        <button type="submit" className="btn btn--primary" disabled={busy || uploading}>
          {busy ? t('loading') : product ? t('form.update') : t('form.submit')}
        </button>
      </form>
      {addingField && (
        <AddFieldDialog
          onClose={() => setAddingField(false)}
          onAdd={(name) => {
            const problem = extraFieldProblem(getValues(), name);
            if (problem) return problem === 'blank' ? t('form.addField.blank') : t('form.addField.taken', { name: name.trim() });
            extras.append({ name: name.trim(), value: '' }, { shouldFocus: false });
            return null;
          }}
        />
      )}
      {preview && <ImageViewer src={preview} alt={t('form.productImage')} onClose={() => setPreview(null)} />}
    </FormProvider>
  );
}
