import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** `returnFocusTo` after the last card went: the list's heading (`tabIndex=-1`) takes the focus. */
export const LIST_HEADING = ':list-heading';

/**
 * An element that takes the focus when `when` becomes true (a card's Edit, a form's opener, a
 * heading), and again at each new `request` while it stays true (`focusRequest`: the same card
 * named twice in a row, as when two deletions each hand the focus to the card between them).
 */
export function useFocusWhen<Element extends HTMLElement>(when: boolean, request?: number) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when, request]);
  return ref;
}

/**
 * The screen pattern of an admin collection (shipping methods, tax rates): a list of cards and one
 * form below it, to add, or to edit the card chosen. Editing focuses the form's first field (which
 * scrolls it into view); saving or cancelling gives keyboard users back the card they edited, not
 * the top of the page; removing the card being edited closes its form. An inline add form is the
 * same with an item of its own ("new"), its opener taking the focus back (`useFocusWhen`).
 * Escape in the edit form cancels it as its Cancel does (`closeOnEscape`, on the form's wrapper).
 */
export function useCollectionEditing<Item extends { id: string }>() {
  const [editing, setEditing] = useState<Item | undefined>();
  const [returnFocusTo, setReturnFocusTo] = useState<string | undefined>();
  // Counts the hand-overs, for `useFocusWhen`'s `request`: a hand-over to the card that already
  // had the last one changes no `returnFocusTo`.
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const returnFocus = (id: string) => {
    setReturnFocusTo(id);
    setFocusRequest((count) => count + 1);
  };

  useEffect(() => {
    if (!editing) return;
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [editing]);

  return {
    editing,
    returnFocusTo,
    focusRequest,
    formRef,
    startEditing(item: Item) {
      setReturnFocusTo(undefined);
      setEditing(item);
    },
    stopEditing(id: string) {
      setEditing(undefined);
      returnFocus(id);
    },
    /** Escape while an item is edited: the edit is cancelled and its card's Edit has the focus. */
    closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || !editing) return;
      event.preventDefault();
      setEditing(undefined);
      returnFocus(editing.id);
    },
    /** The focus goes to `id`'s element (a card whose button went away, as Make default's). */
    returnFocus,
    /**
     * The card `id` was removed. With `focusNext`, the focus goes to the card of that id (a
     * neighbour), or with `null` to the list's heading (`LIST_HEADING`): not to the page's top.
     */
    removed(id: string, focusNext?: string | null) {
      setEditing((current) => (current?.id === id ? undefined : current));
      if (focusNext !== undefined) returnFocus(focusNext ?? LIST_HEADING);
    },
  };
}
