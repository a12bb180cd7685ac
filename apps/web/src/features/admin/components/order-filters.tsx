import { USER_SEARCH_MAX, orderStatusLabels, orderStatusSchema, type OrderStatus } from '@autoparts/shared';
import { SelectField } from '../../../components/select-field';
import { SearchBox } from './search-box';

/** Every status an order can be in, Partly shipped and Delivered too, in the order of an order's life. */
export const ORDER_STATUSES = orderStatusSchema.options;


const statusOptions = [
  { value: '', label: 'All' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabels[status] })),
];

interface OrderFiltersProps {
  status: OrderStatus | '';
  email: string;
  onStatusChange: (status: OrderStatus | '') => void;
  /** `typing`: the search ran by itself after a pause, rather than by Search or Enter. */
  onEmailChange: (email: string, how: 'typing' | 'submit') => void;
}

/** The status filter and the search (a part of the customer's e-mail, or an order number) of Manage All Orders. */
export function OrderFilters({ status, email, onStatusChange, onEmailChange }: OrderFiltersProps) {
  return (
    <SearchBox
      name="Filter orders"
      label="Customer e-mail or order number"
      placeholder="jane@example.com or 100042"
      maxLength={USER_SEARCH_MAX}
      value={email}
      onSearch={onEmailChange}
    >
      <SelectField
        label="Status"
        options={statusOptions}
        value={status}
        onChange={(event) => onStatusChange(event.target.value as OrderStatus | '')}
        className="w-full sm:w-44"
      />
    </SearchBox>
  );
}
