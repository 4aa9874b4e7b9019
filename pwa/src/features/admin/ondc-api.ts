import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { OndcCategoryBody, OndcCategorySetting, OndcLocation, OndcSettings } from '@haat/shared/ondc/ondc-settings';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';
import { invalidate } from '../../lib/query/query-client';
import { i18n } from '../../i18n/i18n';
import { toast } from '../../lib/ui/toast';

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

// The ONDC screen's online writes (lib/query/server-write.ts): each tells the admin what changed and reads the settings
// again; a refusal is the server's message (the HTTP client says it).
const reload = () => invalidate(...adminKeys.ondc());

/** Sells a category on the network on these terms, or changes them. */
export const ondcCategoryWrite = () =>
  mutationOptions({
    mutationFn: ({ category, terms }: { category: { _id: string; name: string }; terms: OndcCategoryBody }) => ondcApi.setCategory(category._id, terms),
    onSuccess: (_answer, { category }) => {
      toast.success(i18n.t('ondc:saved', { name: category.name }));
      return reload();
    },
  });

/** Takes a category off the network. */
export const ondcCategoryStopWrite = () =>
  mutationOptions({
    mutationFn: (category: { _id: string; name: string }) => ondcApi.removeCategory(category._id),
    onSuccess: (_answer, category) => {
      toast.success(i18n.t('ondc:stopped', { name: category.name }));
      return reload();
    },
  });

/** Places a location on the map (its GPS), which the network needs to list it. */
export const ondcLocationWrite = () =>
  mutationOptions({
    mutationFn: ({ location, gps }: { location: { id: string; name: string }; gps: string }) => ondcApi.setLocation(location.id, gps),
    onSuccess: (_answer, { location }) => {
      toast.success(i18n.t('ondc:placed', { name: location.name }));
      return reload();
    },
  });
