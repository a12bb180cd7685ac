import { notices, type placeOrderReplySchema, type Product } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /addaproduct` (SPEC §7) with the minimum order quantity the original left out (DESIGN §7). */
async function addProduct(product: Product) {
  const reply = await api<z.infer<typeof placeOrderReplySchema>>('/addaproduct', { method: 'POST', body: product, auth: true });
  return confirmed(reply, reply.acknowledged, 'The product was not acknowledged');
}

/** SPEC §8: 'Successfully added' or 'Something is wrong, try again'; the shop's lists refresh. */
export function useAddProduct() {
  return useAdminMutation({
    mutationFn: addProduct,
    success: () => notices.productAdded,
    failure: notices.somethingWrong,
    invalidates: [queryKeys.parts],
  });
}
