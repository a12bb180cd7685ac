import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from '../../../components/spinner';
import { ignoredWhilePending } from '../../../components/submit-button';

const tones = {
  primary:
    'border-brand-700 bg-brand-700 text-white hover:brightness-90 focus-visible:outline-brand-700 disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-500 aria-disabled:border-slate-300 aria-disabled:bg-slate-200 aria-disabled:text-slate-500',
  neutral: 'border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-700',
  danger: 'border-red-300 text-red-700 hover:bg-red-50 focus-visible:outline-red-700',
} as const;

interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: keyof typeof tones;
  /** The action is under way: a spinner shows and the button is busy. */
  pending?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A row's action button (Make Admin, Remove, Edit, Mark shipped…). While `pending` it is
 * `aria-disabled` and ignores clicks, but keeps the focus (Chromium drops it from a button that
 * becomes disabled); `disabled` is for the other reasons (another row's action under way).
 */
export function ActionButton({ tone = 'neutral', pending = false, disabled, className = '', children, onClick, ...button }: ActionButtonProps) {
  const ignore = ignoredWhilePending(pending);
  return (
    <button
      type="button"
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:border-slate-200 aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent ${tones[tone]} ${className}`}
      {...button}
      onClick={(event) => {
        ignore(event);
        if (!pending) onClick?.(event);
      }}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
