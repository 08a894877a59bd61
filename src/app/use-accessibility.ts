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
  const reload = useCallback(() => setValues(readAccessibilityValues()), []);
  const style = useMemo(() => contentAreaStyle(values), [values]);
  return { values, set, reset, reload, style };
}
