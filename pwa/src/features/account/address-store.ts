import type { Address } from '@haat/shared/addresses/address.types';
import { openStorage } from '../../lib/storage/device-store';
import { savedAddresses } from '../../lib/storage/device-collections';
import { refreshFromServer, rowsFor } from '../../lib/storage/server-copy';
import type { AddressFields } from '@haat/shared/addresses/address.schema';
import { mutationOptions } from '@tanstack/react-query';
import { rememberDeliveryPlace } from '../../lib/delivery/delivery-place';
import { toast } from '../../lib/ui/toast';
import { addressApi } from './api';

/** GET /api/address/get into IndexedDB, through the one rule (lib/storage/server-copy.ts). */
export async function reloadAddresses(): Promise<void> {
  await refreshFromServer(addressApi.list, ({ data }) => [rowsFor(savedAddresses, data ?? [])]);
}

/** Keeps one address the server just answered (created or updated). */
export async function keepAddress(address: Address): Promise<void> {
  await (await openStorage()).addresses.put(address);
}

/**
 * Saves an address, new (no `id`) or edited (an online write, lib/query/server-write.ts): the device keeps the server's
 * answer and it becomes the delivery place. A refusal is the form's to say under its field (the calls are silent).
 */
export const saveAddressWrite = () =>
  mutationOptions({
    mutationFn: ({ fields, id }: { fields: AddressFields; id?: string }) => (id ? addressApi.update({ ...fields, _id: id }) : addressApi.create(fields)),
    onSuccess: async (answer) => {
      await keepAddress(answer.data!);
      rememberDeliveryPlace(answer.data!);
      toast.success(answer.message);
    },
  });
