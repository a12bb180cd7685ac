import { AdminPage } from '../components/admin-page';
import { ProductForm } from '../components/product-form';

/** /dashboard/addaproduct (SPEC §2, admins): a new part for the shop. */
export function Component() {
  return (
    <AdminPage title="Add a Product" intro="The product shows in the shop as soon as it is added.">
      <ProductForm />
    </AdminPage>
  );
}
