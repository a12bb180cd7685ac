import {
  cartMessages,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_FILE_BYTES,
  QUICK_ORDER_MAX_LINES,
  quickOrderLineCount,
  type QuickOrderReply,
} from '@autoparts/shared';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fileInputClass } from '../../../components/field';
import { SubmitButton } from '../../../components/submit-button';
import { TextareaField } from '../../../components/textarea-field';
import { customerMessage } from '../../../lib/api-client';
import { useQuickOrder } from '../api/cart';

/**
 * Quick order: one part per line, a part or OEM number and a quantity, pasted from a spreadsheet
 * or read from a CSV file in the browser. The server matches the numbers; what it could not add
 * is listed by line number with why, and so is each line added as another part than the number
 * typed (an older number's current part, another brand's number in our quantity); both lists are
 * read out when they arrive. A box the browser refuses takes the focus, which reads its message;
 * a failure of the server is an alert under the button (the box is not what is wrong), in the
 * server's words when they help, else quick order's own (never "Internal Server Error").
 */
export function QuickOrderForm() {
  const quickOrder = useQuickOrder();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [reply, setReply] = useState<QuickOrderReply | null>(null);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  function check(value: string): string | undefined {
    const lines = quickOrderLineCount(value);
    if (lines === 0) return cartMessages.quickOrderEmpty;
    if (value.length > QUICK_ORDER_MAX_CHARS) return cartMessages.quickOrderTooLong;
    if (lines > QUICK_ORDER_MAX_LINES) return cartMessages.quickOrderTooManyLines;
    return undefined;
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_FILE_BYTES) {
      refuse(cartMessages.quickOrderFileTooLarge);
      return;
    }
    const content = await file.text();
    setText(content);
    setReply(null);
    const problem = check(content);
    if (problem) refuse(problem);
    else setError(undefined);
  }

  /** The box says what is wrong and takes the focus, so that its message is read out. */
  function refuse(problem: string) {
    setError(problem);
    box.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // One at a time: a second press before the button shows busy would add the lines again.
    if (quickOrder.sending()) return;
    const problem = check(text);
    setFailure(undefined);
    if (problem) {
      refuse(problem);
      return;
    }
    setError(undefined);
    setReply(null);
    try {
      const answer = await quickOrder.mutateAsync(text);
      setReply(answer);
      // The lines added are blanked (they are not sent again), the ones to fix stay where they
      // were, so the line numbers reported are still the box's own.
      const bad = new Set(answer.problems.map((one) => one.line));
      setText(
        text
          .split(/\r\n|\r|\n/)
          .map((line, index) => (bad.has(index + 1) ? line : ''))
          .join('\n')
          .trimEnd(),
      );
      if (fileInput.current) fileInput.current.value = '';
    } catch (refusal) {
      setFailure(customerMessage(refusal) ?? cartMessages.quickOrderFailed);
    }
  }

  return (
    <section aria-labelledby="quick-order-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="quick-order-heading" className="text-xl font-bold text-ink">
        Quick order
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Paste from a spreadsheet or type one part per line: a part number (ours, an old one, the carmaker’s or another brand’s) and a quantity, separated by a space, tab, comma or
        semicolon.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextareaField
          ref={box}
          label="Part numbers and quantities"
          hint={`For example "BRK-1001 4". At most ${QUICK_ORDER_MAX_LINES} lines.`}
          rows={6}
          value={text}
          error={error}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            Or read a CSV file
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => void chooseFile(event)}
            className={`mt-1 ${fileInputClass}`}
          />
        </div>
        <div>
          <div className="sm:w-60">
            <SubmitButton pending={quickOrder.isPending}>Add to cart</SubmitButton>
          </div>
          <div role="alert" className="mt-2 empty:hidden">
            {failure && <p className="text-sm font-medium text-red-700">{failure}</p>}
          </div>
        </div>
      </form>
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {reply && (
          <>
            <p className="font-semibold text-green-800">{cartMessages.added(reply.added)}</p>
            {reply.converted.length > 0 && (
              <div className="mt-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
                <p className="font-semibold">{cartMessages.converted(reply.converted.length)}</p>
                <ul className="mt-2 space-y-1 text-sm" data-testid="quick-order-converted">
                  {reply.converted.map((note) => (
                    <li key={note.line}>
                      <span className="font-semibold">{`Line ${note.line}`}</span>
                      <span className="font-mono">{` “${note.text}”`}</span>
                      {`: ${note.message}`}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {reply.problems.length > 0 && (
              <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
                <p className="font-semibold">{cartMessages.problems(reply.problems.length)}</p>
                <ul className="mt-2 space-y-1 text-sm" data-testid="quick-order-problems">
                  {reply.problems.map((problem) => (
                    <li key={problem.line}>
                      <span className="font-semibold">{`Line ${problem.line}`}</span>
                      {problem.text && <span className="font-mono">{` “${problem.text}”`}</span>}
                      {`: ${problem.message}`}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
