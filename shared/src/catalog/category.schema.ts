import { z } from 'zod';
import { Id, IdRef, ImageUrl, RequiredText } from '../common/fields.js';

export const AddCategoryBody = z.object({ name: RequiredText(100), image: ImageUrl.optional().default('') });
export const UpdateCategoryBody = z.object({ _id: Id, name: RequiredText(100), image: ImageUrl.optional() });
export const DeleteByIdBody = z.object({ _id: Id });

const CategoryList = z.array(IdRef, { error: 'must be a list of categories' }).min(1, { error: 'needs at least one category' }).max(50);

export const CreateSubCategoryBody = z.object({ name: RequiredText(100), image: ImageUrl.optional().default(''), category: CategoryList });
export const UpdateSubCategoryBody = z.object({
  _id: Id,
  name: RequiredText(100),
  image: ImageUrl.optional(),
  category: CategoryList.optional(),
});

export type AddCategoryBody = z.infer<typeof AddCategoryBody>;
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;
export type CreateSubCategoryBody = z.infer<typeof CreateSubCategoryBody>;
export type UpdateSubCategoryBody = z.infer<typeof UpdateSubCategoryBody>;
export type DeleteByIdBody = z.infer<typeof DeleteByIdBody>;
