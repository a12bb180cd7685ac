import { BreakableText } from './breakable-text';

/**
 * A file's name that a narrow column may wrap at sensible points: after a "_", "-" or space and
 * before a "." (a `<wbr>` each), as `EmailText` wraps an address. Only a part longer than the
 * column itself breaks inside (`overflow-wrap: anywhere`, which also lets a table or a phone's card
 * narrow the column rather than overflow the page); `break-all` broke every name in the middle of a
 * word.
 */
export function FileNameText({ name, className = '' }: { name: string; className?: string }) {
  return <BreakableText parts={name.split(/(?<=[_\-\s])|(?=\.)/)} className={`${className} [overflow-wrap:anywhere]`} />;
}
