import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column may wrap: at its "@" and dots only (a `<wbr>` before
 * each), never in the middle of a name, which `break-all` did.
 */
export function EmailText({ email, className = '', title }: { email: string; className?: string; title?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`break-words ${className}`} title={title}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
