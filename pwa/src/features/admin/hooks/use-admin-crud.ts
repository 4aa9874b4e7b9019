import { useState } from 'react';
import { toast } from '../../../lib/ui/toast';
import { usePagedList, type AdminPage } from './use-admin-list';

interface Options<T> {
  key: string;
  /** Reads a page of the list (a whole list answers it all as page 1). */
  load: (page: number, signal: AbortSignal) => Promise<AdminPage<T>>;
  query?: string;
  /** After every read: bring the storefront's copies in step. */
  onLoaded?: (items: T[]) => void | Promise<void>;
  /** Deletes on the server and answers its message (shown as a toast). */
  remove: (item: T) => Promise<{ message: string }>;
  /** After a delete, before the list is read again: drop local copies. */
  afterRemove?: (item: T) => void | Promise<void>;
}

/** An admin catalogue page's state: the list, the item being edited (`'new'` for an add) and the one asked to delete. */
export function useAdminCrud<T>({ key, load, query, onLoaded, remove, afterRemove }: Options<T>) {
  const list = usePagedList(key, load, { query, onLoaded });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    list,
    editing,
    add: () => setEditing('new'),
    edit: (item: T) => setEditing(item),
    closeEditor: () => setEditing(null),
    deleting,
    askDelete: (item: T) => setDeleting(item),
    keep: () => setDeleting(null),
    confirmDelete: async () => {
      if (deleting === null) return;
      const answer = await remove(deleting);
      await afterRemove?.(deleting);
      list.reload();
      toast.success(answer.message);
      setDeleting(null);
    },
  };
}

export type AdminCrud<T> = ReturnType<typeof useAdminCrud<T>>;
