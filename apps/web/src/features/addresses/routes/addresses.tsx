import { pageTitle } from '../../../content/site';
import { AddressBook } from '../components/address-book';

/** /dashboard/addresses: the signed-in customer's address book (its heading too, which takes the focus when the last address goes). */
export function Component() {
  return (
    <section aria-labelledby="addresses-heading" className="max-w-5xl">
      <title>{pageTitle('My Addresses')}</title>
      <AddressBook />
    </section>
  );
}
