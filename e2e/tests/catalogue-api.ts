import type { APIRequestContext } from '@playwright/test';
import type { AdminCatalogue } from '@autoparts/shared';

/** What the catalogue page loaded of a part, as `GET /api/admin/part/{id}/catalogue` gives it. */
async function loaded(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<AdminCatalogue> {
  const response = await request.get(`/api/admin/part/${id}/catalogue`, { headers });
  if (!response.ok()) throw new Error(`GET catalogue of ${id}: ${response.status()}`);
  return (await response.json()) as AdminCatalogue;
}

/** `PUT /api/admin/part/{id}/catalogue` as the Details form sends it: with the stored fields as `expected` (decision 112). */
export async function putCatalogue(request: APIRequestContext, headers: Record<string, string>, id: string, data: Record<string, unknown>) {
  const { category, partNumber, oemNumbers, specs } = await loaded(request, headers, id);
  return request.put(`/api/admin/part/${id}/catalogue`, { headers, data: { ...data, expected: { category, partNumber, oemNumbers, specs } } });
}

/** `PATCH /api/admin/part/{id}` with part-change fields as the page sends them: each with what is stored of it as `expected`. */
export async function patchChanges(request: APIRequestContext, headers: Record<string, string>, id: string, data: Record<string, unknown>) {
  const { changes } = await loaded(request, headers, id);
  const fields = (['lifecycle', 'replacedBy', 'interchange', 'kit'] as const).filter((field) => data[field] !== undefined);
  return request.patch(`/api/admin/part/${id}`, { headers, data: { ...data, expected: Object.fromEntries(fields.map((field) => [field, changes[field]])) } });
}
