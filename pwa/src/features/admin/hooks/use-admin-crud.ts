import { useState } from 'react';
import { toast } from '../../../lib/ui/toast';
import type { QueryKey } from '@tanstack/react-query';
import { usePagedList, type PageQuery } from './use-admin-list';

interface Options<T, D, K extends QueryKey> {
  /** How a page of the list is read: its module's `queryOptions` (usePagedList). */
  list: PageQuery<T, D, K>;
  /** The search: a new one starts again at page 1. */
  query?: string;
  /** Deletes on the server and answers its message (shown as a toast). */
  remove: (item: T) => Promise<{ message: string }>;
  /** After a delete, before the list is read again: drop local copies. */
  afterRemove?: (item: T) => void | Promise<void>;
}

/** An admin catalogue page's state: the list, the item being edited (`'new'` for an add) and the one asked to delete. */
export function useAdminCrud<T, D, K extends QueryKey>({ list: pageQuery, query, remove, afterRemove }: Options<T, D, K>) {
  const list = usePagedList(pageQuery, query);
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

export type AdminCrud<T> = ReturnType<typeof useAdminCrud<T, unknown, QueryKey>>;
