import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Login is painted from its prerendered HTML before the app runs (decision 163). Until the app's handlers are
 * attached, index.html's inline script holds the last click on a button marked `data-handoff` (the submit
 * button, the language switcher) or submit of a form so marked (the browser would otherwise reload the page
 * with nothing sent, or do nothing) and keeps it here; the page takes it over once hydrated.
 */
export const HANDOFF_KEY = '__medidaHandoff';

/** The action held before the app took over, if any; from then on every click and submit is the app's own. */
function takeHeldAction(): HTMLElement | null {
  const take = (globalThis as Record<string, unknown>)[HANDOFF_KEY] as (() => HTMLElement | null) | undefined;
  return take ? take() : null;
}

/**
 * Takes over a prerendered page once its handlers are attached: the text typed (or autofilled) into the form's
 * named inputs before that goes to `adopt` (hydration keeps what the DOM shows, not the state's empty values),
 * then the held click or submit is replayed, with the adopted values.
 */
export function usePrerenderHandoff(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Record<string, string>) => void,
): void {
  const [held, setHeld] = useState<HTMLElement | null>(null);
  // A layout effect: it runs in the commit that attaches the handlers, so no action falls between the two.
  useLayoutEffect(() => {
    const action = takeHeldAction();
    const inputs = Array.from(form.current?.querySelectorAll('input') ?? []).filter((input) => input.name);
    if (inputs.length > 0) adopt(Object.fromEntries(inputs.map((input) => [input.name, input.value])));
    if (action?.isConnected) setHeld(action);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at the take-over
  }, []);
  useEffect(() => {
    if (!held) return;
    setHeld(null);
    if (held instanceof HTMLFormElement) held.requestSubmit();
    else held.click();
  }, [held]);
}
