// The kiosk's idle clock: pointer, key, touch, wheel and scroll activity restart it. It reports how many
// seconds are left, so the screen can show the last ones, and calls onIdle once when they run out.
import { useEffect, useRef, useState } from 'react';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function useIdleCountdown(idleSeconds: number, onIdle: () => void): { secondsLeft: number; restart(): void } {
  const [secondsLeft, setSecondsLeft] = useState(idleSeconds);
  const lastActivity = useRef(Date.now());
  const fired = useRef(false);
  const latestOnIdle = useRef(onIdle);
  latestOnIdle.current = onIdle;

  const restart = () => {
    lastActivity.current = Date.now();
    fired.current = false;
    setSecondsLeft(idleSeconds);
  };
  const restartRef = useRef(restart);
  restartRef.current = restart;

  useEffect(() => {
    restartRef.current();
    const onActivity = () => {
      // pointermove fires often: only restart when the clock has moved on.
      if (Date.now() - lastActivity.current > 250 || fired.current) restartRef.current();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil(idleSeconds - (Date.now() - lastActivity.current) / 1000));
      setSecondsLeft(left);
      if (left === 0 && !fired.current) {
        fired.current = true;
        latestOnIdle.current();
      }
    }, 250);
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      window.clearInterval(tick);
    };
  }, [idleSeconds]);

  return { secondsLeft, restart: () => restartRef.current() };
}
