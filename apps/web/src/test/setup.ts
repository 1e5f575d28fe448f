// Set-up of the web component tests (vitest project `web-components`, jsdom): what Mantine needs from a browser
// that jsdom lacks, and a clean document after each test. Test-only: product code never imports src/test/.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// getByRole skips its is-it-hidden check, which reads the computed style of every ancestor of every candidate: on the
// wizard's sixty-field step that made each query cost seconds in jsdom (the wizard files: 250 s → 135 s under load).
// A test that must tell a hidden element from a shown one asserts it (toBeVisible, or by its own role query).
configure({ defaultHidden: true });

// Mantine's useMediaQuery (the wizard's phone layout) and its colour scheme read matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// ScrollArea, Stepper and the comboboxes observe their size.
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= NoResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.HTMLElement.prototype.scrollTo ??= function scrollTo() {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
