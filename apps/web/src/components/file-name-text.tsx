import { Fragment } from 'react';

/**
 * A file's name that a narrow column may wrap at sensible points: after a "_", "-" or space and
 * before a "." (a `<wbr>` each), as `EmailText` wraps an address. The whole name stays in the
 * text, for a screen reader too. Only a part longer than the column itself breaks inside
 * (`overflow-wrap: anywhere`, which also lets a table or a phone's card narrow the column rather
 * than overflow the page); `break-all` broke every name in the middle of a word.
 */
export function FileNameText({ name, className = '' }: { name: string; className?: string }) {
  const parts = name.split(/(?<=[_\-\s])|(?=\.)/);
  return (
    <span className={`${className} [overflow-wrap:anywhere]`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
