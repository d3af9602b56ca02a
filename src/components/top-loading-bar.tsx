import { useEffect, useState } from 'react';
import { theme } from 'antd';

/**
 * A thin bar at the top of the window while requests run. It creeps towards 90 % (we never know
 * how long a call takes), jumps to 100 % when done and fades, so quick calls barely flash.
 */
export function TopLoadingBar({ active }: { active: boolean }) {
  const { token } = theme.useToken();
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (active) {
      setVisible(true);
      setProgress(10);
      const timer = window.setInterval(() => setProgress((p) => (p < 90 ? p + (90 - p) * 0.1 : p)), 200);
      return () => window.clearInterval(timer);
    }
    setProgress(100);
    const hide = window.setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, 300);
    return () => window.clearTimeout(hide);
  }, [active]);

  return (
    <div
      role="progressbar"
      aria-hidden={!visible}
      aria-valuenow={Math.round(progress)}
      aria-valuemin={0}
      aria-valuemax={100}
      data-active={active ? 'true' : 'false'}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        width: `${progress}%`,
        background: token.colorPrimary,
        opacity: visible ? 1 : 0,
        transition: 'width 200ms ease, opacity 300ms ease',
        zIndex: 2000,
        pointerEvents: 'none',
      }}
    />
  );
}
