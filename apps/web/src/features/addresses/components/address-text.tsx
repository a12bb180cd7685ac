import { addressLines, type Address } from '@autoparts/shared';

/** An address as a label writes it, with its phone; in an `<address>` element. */
export function AddressText({ address, className = '' }: { address: Omit<Address, 'id' | 'isDefault'>; className?: string }) {
  return (
    <address className={`not-italic text-slate-700 ${className}`}>
      {addressLines(address).map((line, index) => (
        <span key={index} className={`block break-words ${index === 0 ? 'font-semibold text-ink' : ''}`}>
          {line}
        </span>
      ))}
      {address.phone && <span className="block text-sm text-slate-600">{address.phone}</span>}
    </address>
  );
}
