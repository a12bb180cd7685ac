import { formatPrice, notices, testModeLabel, testPaymentSchema } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { customerMessage } from '../../../lib/api-client';
import { checkedWhenSent } from '../../../lib/form-checking';

const cardSchema = testPaymentSchema.omit({ orderId: true });
export type TestCard = z.infer<typeof cardSchema>;

/**
 * '1234' and '12 34' mean 12/34: a phone's numeric keypad often has no '/', so the expiry is
 * read with or without it.
 */
function normaliseExpiry(value: string): string {
  const digits = value.replace(/[\s/]/g, '');
  return /^\d{4}$/.test(digits) ? `${digits.slice(0, 2)}/${digits.slice(2)}` : value;
}

/**
 * The built-in test provider's card form (DESIGN §6), labelled as taking no real money: it pays
 * `amount` (an order's, or a company's invoices') with `pay`. A declined card is explained in red
 * and the form keeps what was typed.
 */
export function TestCardForm({ amount, pay }: { amount: number; pay: (card: TestCard) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(cardSchema),
    ...checkedWhenSent,
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (card) => {
    setFailure(null);
    try {
      await pay(card);
    } catch (error) {
      setFailure(customerMessage(error) ?? notices.somethingWrong);
    }
  });

  return (
    <div className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-6">
      <p className="font-bold text-amber-900">{testModeLabel}</p>
      <p className="mt-1 text-sm text-amber-900">
        Pay with the test card 4242 4242 4242 4242, or use 4000 0000 0000 0002 to see a decline. Any expiry
        date in the future and any three digits will do.
      </p>
      {failure && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Card details" className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          className="sm:col-span-2"
          error={errors.cardNumber?.message}
          {...register('cardNumber')}
        />
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...register('expiry', { setValueAs: normaliseExpiry })}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
        <div className="sm:col-span-2">
          <SubmitButton pending={isSubmitting}>Pay {formatPrice(amount)}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
