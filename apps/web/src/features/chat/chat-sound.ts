const MUTE_KEY = 'chatMuted';

let context: AudioContext | undefined;

/**
 * Browsers allow sound only after a user gesture (autoplay rules): the audio context is created on the
 * first click or key press, and a beep is skipped while the context is not running.
 */
export function unlockChatSound(): void {
  if (context || typeof window === 'undefined' || !('AudioContext' in window)) return;
  context = new AudioContext();
  void context.resume().catch(() => undefined);
}

export function isChatMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setChatMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(MUTE_KEY, '1');
    else window.localStorage.removeItem(MUTE_KEY);
  } catch {
    /* storage unavailable: the choice lasts for the tab */
  }
}

/** A short two-tone chime (no audio file to download). */
export function playChatSound(): void {
  if (!context || context.state !== 'running' || isChatMuted()) return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.12, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}
