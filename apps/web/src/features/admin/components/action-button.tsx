import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from '../../../components/spinner';

const tones = {
  primary:
    'border-brand-700 bg-brand-700 text-white hover:brightness-90 focus-visible:outline-brand-700 disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-500',
  neutral: 'border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-700',
  danger: 'border-red-300 text-red-700 hover:bg-red-50 focus-visible:outline-red-700',
} as const;

interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: keyof typeof tones;
  /** The action is under way: a spinner shows and the button is busy. */
  pending?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A row's action button (Make Admin, Remove, Edit, Mark shipped…). */
export function ActionButton({ tone = 'neutral', pending = false, disabled, className = '', children, ...button }: ActionButtonProps) {
  return (
    <button
      type="button"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400 disabled:hover:bg-transparent ${tones[tone]} ${className}`}
      {...button}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
