import { act, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { TooltipOnDemand } from './tooltip-on-demand.tsx';

/**
 * The label while the Tooltip is open: mounted (closed, it unmounts after its transition). Not its display: in jsdom
 * every box is empty, so floating-ui's hide middleware sets `display: none` on an open tooltip as soon as it is placed.
 */
const tooltipShown = () => screen.queryByRole('tooltip');

describe('TooltipOnDemand', () => {
  it('renders the target alone until it is hovered, then shows the label until the pointer leaves', async () => {
    const ownEnter = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    await renderWithProviders(
      <TooltipOnDemand label="Durnin y Womersley (1974)" transitionProps={{ duration: 0 }}>
        <button type="button" ref={ref} onMouseEnter={ownEnter}>
          [1]
        </button>
      </TooltipOnDemand>,
    );
    expect(tooltipShown()).toBeNull();
    expect(ref.current?.textContent).toBe('[1]');
    fireEvent.mouseEnter(screen.getByRole('button', { name: '[1]' }));
    expect(ownEnter).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Durnin y Womersley (1974)');
    // The target was mounted again inside the Tooltip: the caller's ref follows it.
    expect(ref.current).toBe(screen.getByRole('button', { name: '[1]' }));
    fireEvent.mouseLeave(screen.getByRole('button', { name: '[1]' }));
    await vi.waitFor(() => expect(tooltipShown()).toBeNull());
  });

  it('closes when the pointer moves elsewhere without a mouseleave of the new target', async () => {
    await renderWithProviders(
      <div>
        <TooltipOnDemand label="Principal" transitionProps={{ duration: 0 }}>
          <span data-testid="star">★</span>
        </TooltipOnDemand>
        <p data-testid="elsewhere">…</p>
      </div>,
    );
    fireEvent.mouseEnter(screen.getByTestId('star'));
    await vi.waitFor(() => expect(tooltipShown()).not.toBeNull());
    fireEvent.pointerMove(screen.getByTestId('star'));
    expect(tooltipShown()).not.toBeNull();
    act(() => void fireEvent.pointerMove(screen.getByTestId('elsewhere')));
    await vi.waitFor(() => expect(tooltipShown()).toBeNull());
  });

  it('closes on Escape without the pointer moving', async () => {
    await renderWithProviders(
      <TooltipOnDemand label="Principal" transitionProps={{ duration: 0 }}>
        <span data-testid="star">★</span>
      </TooltipOnDemand>,
    );
    fireEvent.mouseEnter(screen.getByTestId('star'));
    await vi.waitFor(() => expect(tooltipShown()).not.toBeNull());
    await new Promise((r) => setTimeout(r, 300));
    expect(tooltipShown()).not.toBeNull();
    act(() => void fireEvent.keyDown(document, { key: 'Escape' }));
    await vi.waitFor(() => expect(tooltipShown()).toBeNull());
  });

  it('stays closed on a focus that is not the keyboard’s, as a tap gives a button', async () => {
    // jsdom never matches :focus-visible; the keyboard's case runs in Chromium (e2e/specs/evaluations.e2e.ts).
    await renderWithProviders(
      <TooltipOnDemand label="Silenciar" transitionProps={{ duration: 0 }}>
        <button type="button">🔔</button>
      </TooltipOnDemand>,
    );
    act(() => screen.getByRole('button').focus());
    expect(document.activeElement).toBe(screen.getByRole('button'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tooltipShown()).toBeNull();
  });
});
