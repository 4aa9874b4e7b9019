import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { OndcCategoryBody, OndcCategorySetting, OndcLocation, OndcSettings } from '@haat/shared/ondc/ondc-settings';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** The admin's ONDC routes (docs/product.md#selling-on-ondc); reads skip every cache: an admin edits what the server holds. */
export const ondcApi = {
  settings: async (signal?: AbortSignal): Promise<OndcSettings> => {
    const { data } = await http.get('ondc/admin/settings', { cache: 'no-store', signal }).json<Envelope<OndcSettings>>();
    if (!data) throw new Error('The ONDC settings were not answered.');
    return data;
  },
  setCategory: (categoryId: string, body: OndcCategoryBody) =>
    http.put(`ondc/admin/categories/${encodeURIComponent(categoryId)}`, { json: body }).json<Envelope<{ category: OndcCategorySetting }>>(),
  removeCategory: (categoryId: string) => http.delete(`ondc/admin/categories/${encodeURIComponent(categoryId)}`).json<Envelope<unknown>>(),
  setLocation: (id: string, gps: string) =>
    http.put(`ondc/admin/locations/${encodeURIComponent(id)}`, { json: { gps } }).json<Envelope<{ location: OndcLocation }>>(),
};

export const ondcQuery = () => queryOptions({ queryKey: adminKeys.ondc(), queryFn: ({ signal }) => ondcApi.settings(signal) });
