// The site tools' state: restored from storage on load, persisted on change, applied as a style.
import { useCallback, useMemo, useState } from 'react';
import {
  DEFAULT_VALUES,
  clampValue,
  contentAreaStyle,
  readAccessibilityValues,
  writeAccessibilityValue,
  type AccessibilityKey,
  type AccessibilityValues,
} from '../shell/accessibility-values';

export function useAccessibility() {
  const [values, setValues] = useState<AccessibilityValues>(() => readAccessibilityValues());
  const set = useCallback((key: AccessibilityKey, value: number) => {
    const v = clampValue(key, value);
    writeAccessibilityValue(key, v);
    setValues((old) => ({ ...old, [key]: v }));
  }, []);
  const reset = useCallback(() => {
    for (const key of Object.keys(DEFAULT_VALUES) as AccessibilityKey[]) writeAccessibilityValue(key, DEFAULT_VALUES[key]);
    setValues({ ...DEFAULT_VALUES });
  }, []);
  // The same values keep the same object: reading storage again at start-up (App.tsx) must not render the
  // whole shell a second time when nothing changed, which is the usual case.
  const reload = useCallback(() => {
    const next = readAccessibilityValues();
    setValues((old) => ((Object.keys(next) as AccessibilityKey[]).every((k) => next[k] === old[k]) ? old : next));
  }, []);
  const style = useMemo(() => contentAreaStyle(values), [values]);
  return { values, set, reset, reload, style };
}
