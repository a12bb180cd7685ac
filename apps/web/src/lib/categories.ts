import type { Category } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /api/categories`, in their order: the shop's facets and the admin's catalogue page read it. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api<Category[]>('/categories', { signal }),
    staleTime: Infinity,
  });
}
