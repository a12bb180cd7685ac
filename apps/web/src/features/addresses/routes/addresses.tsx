import { pageTitle } from '../../../content/site';
import { AddressBook } from '../components/address-book';

/** /dashboard/addresses: the signed-in customer's address book. */
export function Component() {
  return (
    <section aria-labelledby="addresses-heading" className="max-w-5xl">
      <title>{pageTitle('My Addresses')}</title>
      <h1 id="addresses-heading" className="text-3xl font-extrabold text-ink">
        My Addresses
      </h1>
      <p className="mt-2 text-slate-600">Where your orders can go. The default one is chosen first at checkout.</p>
      <div className="mt-6">
        <AddressBook />
      </div>
    </section>
  );
}
