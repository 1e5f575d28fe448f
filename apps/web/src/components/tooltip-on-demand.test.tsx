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
    const target = screen.getByRole('button', { name: '[1]' });
    fireEvent.mouseEnter(target);
    expect(ownEnter).toHaveBeenCalledTimes(1);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Durnin y Womersley (1974)');
    // Mounting the Tooltip leaves the target where it was: a press begun before it still ends on the same element.
    expect(screen.getByRole('button', { name: '[1]' })).toBe(target);
    expect(ref.current).toBe(target);
    expect(document.getElementById(target.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      tooltip.textContent,
    );
    fireEvent.mouseLeave(target);
    await vi.waitFor(() => expect(tooltipShown()).toBeNull());
    expect(target.hasAttribute('aria-describedby')).toBe(false);
  });

  it('clicks once when the pointer enters and presses at once, as a quick click does', async () => {
    const onClick = vi.fn();
    await renderWithProviders(
      <TooltipOnDemand label="Descargar" transitionProps={{ duration: 0 }}>
        <button type="button" onClick={onClick}>
          ⤓
        </button>
      </TooltipOnDemand>,
    );
    const target = screen.getByRole('button');
    fireEvent.mouseEnter(target);
    fireEvent.mouseDown(target);
    await screen.findByRole('tooltip');
    // The Tooltip mounted between the press and its release: the release lands on the element pressed.
    expect(target.isConnected).toBe(true);
    fireEvent.mouseUp(target);
    fireEvent.click(target);
    expect(onClick).toHaveBeenCalledTimes(1);
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

  it('adds the label to the description the target already has, and gives that back when it closes', async () => {
    await renderWithProviders(
      <>
        <p id="hint">Ecuación principal</p>
        <TooltipOnDemand label="Mifflin MD" transitionProps={{ duration: 0 }}>
          <button type="button" aria-describedby="hint">
            [2]
          </button>
        </TooltipOnDemand>
      </>,
    );
    const target = screen.getByRole('button');
    fireEvent.mouseEnter(target);
    const tooltip = await screen.findByRole('tooltip');
    const [own, label] = (target.getAttribute('aria-describedby') ?? '').split(' ');
    expect(own).toBe('hint');
    expect(document.getElementById(label ?? '')?.textContent).toBe(tooltip.textContent);
    fireEvent.mouseLeave(target);
    await vi.waitFor(() => expect(tooltipShown()).toBeNull());
    expect(target.getAttribute('aria-describedby')).toBe('hint');
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
